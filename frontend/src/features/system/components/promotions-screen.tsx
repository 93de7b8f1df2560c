import { Anchor, Button, Drawer, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDelete } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { serverMessage, sorry } from '@/lib/form-errors';
import { useIsPhone } from '@/lib/media';
import { useDeletePromot } from '../api/delete-promot';
import { usePromotCompanies } from '../api/get-promot-companies';
import { PROMOT_SORTS, usePromots } from '../api/get-promots';
import { pageCount } from '../api/list-query';
import type { Promot } from '../api/schemas';
import { dayText, discountText, instantDay, monthsLeftText, monthsText } from './format';
import { SYSTEM_TEXTS } from './labels';
import { ListBody, ListPager, SearchInput, SortableTh } from './list-parts';
import { companyPath } from './paths';
import { PromotForm } from './promot-form';
import { useListState } from './use-list-state';
import { useOperatorZone } from './use-zone';

const FILTERS = ['q'] as const;

/** The companies that redeemed a code (GET /system/promot-companies). */
function PromotCompanies({ code, timeZone }: { code: string; timeZone: string | undefined }) {
  const companies = usePromotCompanies(code);
  if (companies.isPending) return <Loader size="sm" role="status" aria-label="Loading the companies" />;
  if (companies.isError) return <FormAlert>{`Sorry ${serverMessage(companies.error)}`}</FormAlert>;
  if (companies.data.length === 0) return <Text c="dimmed">{SYSTEM_TEXTS.noPromotCompanies}</Text>;
  return (
    <Table.ScrollContainer minWidth={420} type="native">
      <Table aria-label={`Companies using ${code}`} striped withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Company</Table.Th>
            <Table.Th>Redeemed</Table.Th>
            <Table.Th>Left</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {companies.data.map((company) => (
            <Table.Tr key={company.id}>
              <Table.Td>
                <Anchor component={Link} to={companyPath(company.id)}>
                  {company.name}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{instantDay(company.redeemedAt, timeZone)}</Table.Td>
              <Table.Td>{monthsLeftText(company.monthsLeft)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface RowProps {
  promot: Promot;
  timeZone: string | undefined;
  onEdit: () => void;
  onDelete: () => void;
  onCompanies: () => void;
}

function PromotRow({ promot, timeZone, onEdit, onDelete, onCompanies }: RowProps) {
  return (
    <Table.Tr data-testid="promot-row">
      <Table.Td fw={700} style={{ whiteSpace: 'nowrap' }}>
        {promot.code}
      </Table.Td>
      <Table.Td>{promot.description || '—'}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{discountText(promot)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{monthsText(promot.months)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{promot.expiresOn ? dayText(promot.expiresOn) : 'Never'}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{instantDay(promot.createdAt, timeZone)}</Table.Td>
      <Table.Td ta="right">
        <Button size="compact-sm" variant="subtle" onClick={onCompanies} aria-haspopup="dialog" aria-label={`Companies using ${promot.code}: ${promot.companies}`}>
          {promot.companies}
        </Button>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="default" onClick={onEdit} aria-haspopup="dialog" aria-label={`Edit ${promot.code}`}>
            Edit
          </Button>
          <Button size="compact-sm" variant="default" color="red.9" onClick={onDelete} aria-haspopup="dialog" aria-label={`Delete ${promot.code}`}>
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

type Editing = { promot: Promot | null } | null;

/**
 * Promotions (/sy5tem/promot, spec 002 §2): the promotion codes, 20 a page, found by code or
 * description, sorted by code or creation; new and changed in a side panel; deleted once asked
 * (refused while companies use the code); which companies use one.
 */
export function PromotionsScreen() {
  usePageTitle(SYSTEM_TEXTS.promotions);
  const zone = useOperatorZone();
  const isPhone = useIsPhone();
  const list = useListState({ sorts: PROMOT_SORTS, defaultSort: 'createdAt', defaultOrder: 'desc', filters: FILTERS });
  const promots = usePromots({ page: list.page, sort: list.sort, order: list.order, q: list.filters.q });
  const remove = useDeletePromot();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Promot | null>(null);
  const [showing, setShowing] = useState<Promot | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const rows = promots.data?.promots ?? [];
  const total = promots.data?.promotCount ?? 0;
  const sortProps = { sort: list.sort, order: list.order, onSort: list.toggleSort };

  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {SYSTEM_TEXTS.promotions}
        </Title>
        <Button
          onClick={() => {
            setNotice(null);
            setEditing({ promot: null });
          }}
          aria-haspopup="dialog"
        >
          New promotion code
        </Button>
      </Group>
      {notice ? (
        <FormAlert color={notice.ok ? 'green' : 'red'}>
          <span data-testid="promot-notice">{notice.text}</span>
        </FormAlert>
      ) : null}
      <Group align="flex-end" gap="sm" role="search" aria-label="Find promotion codes">
        <SearchInput label="Code or description" value={list.filters.q} onSearch={(value) => list.setFilter('q', value)} />
      </Group>
      <ListBody
        isPending={promots.isPending}
        error={promots.isError ? promots.error : null}
        isEmpty={rows.length === 0}
        loadingLabel="Loading the promotion codes"
        emptyText={list.filters.q ? SYSTEM_TEXTS.noPromotsMatch : SYSTEM_TEXTS.noPromots}
      >
        <Table.ScrollContainer minWidth={980} type="native">
          <Table aria-label="Promotion codes" striped highlightOnHover withTableBorder verticalSpacing="xs" aria-busy={promots.isPlaceholderData || undefined}>
            <Table.Thead>
              <Table.Tr>
                <SortableTh label="Code" column="code" {...sortProps} />
                <Table.Th>Description</Table.Th>
                <Table.Th>Discount</Table.Th>
                <Table.Th>Applies to</Table.Th>
                <Table.Th>Expires</Table.Th>
                <SortableTh label="Created" column="createdAt" {...sortProps} />
                <Table.Th ta="right">Companies</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((promot) => (
                <PromotRow
                  key={promot.id}
                  promot={promot}
                  timeZone={zone}
                  onEdit={() => {
                    setNotice(null);
                    setEditing({ promot });
                  }}
                  onDelete={() => {
                    setNotice(null);
                    setDeleting(promot);
                  }}
                  onCompanies={() => setShowing(promot)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListBody>
      <ListPager pages={pageCount(total)} page={list.page} onChange={list.setPage} />

      <Drawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="right"
        size={isPhone ? '100%' : 'md'}
        title={editing?.promot ? `Edit ${editing.promot.code}` : 'New promotion code'}
      >
        {editing ? (
          <PromotForm
            key={editing.promot?.id ?? 'new'}
            promot={editing.promot}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              setNotice({ ok: true, text: `${saved.code} was saved.` });
            }}
          />
        ) : null}
      </Drawer>
      <ConfirmDelete
        opened={deleting !== null}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const code = deleting.code;
          remove.mutate(deleting.id, {
            onSuccess: () => setNotice({ ok: true, text: `${code} was deleted.` }),
            onError: (error) => setNotice({ ok: false, text: sorry(error) }),
            onSettled: () => setDeleting(null),
          });
        }}
      />
      <Modal opened={showing !== null} onClose={() => setShowing(null)} title={showing ? `Companies using ${showing.code}` : ''} centered size="lg">
        {showing ? <PromotCompanies code={showing.code} timeZone={zone} /> : null}
      </Modal>
    </Stack>
  );
}
