import { Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDelete } from '@/components/confirm-dialog';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { sorry } from '@/lib/form-errors';
import { useDeletePromot } from '../api/delete-promot';
import { PROMOT_SORTS, usePromots } from '../api/get-promots';
import { pageCount } from '../api/list-query';
import type { Promot } from '../api/schemas';
import { SYSTEM_TEXTS } from './labels';
import { ListBody, ListPager, SearchInput } from './list-parts';
import { PromotCompaniesModal } from './promot-companies';
import { PromotForm } from './promot-form';
import { PromotTable } from './promot-table';
import { useListState } from './use-list-state';
import { useOperatorZone } from './use-zone';

const FILTERS = ['q'] as const;

type Editing = { promot: Promot | null } | null;

/**
 * Promotions (/sy5tem/promot, spec 002 §2): the promotion codes, 20 a page, found by code or
 * description, sorted by code or creation; new and changed in a side panel; deleted once asked
 * (refused while companies use the code); which companies use one.
 */
export function PromotionsScreen({ billingEnabled = true }: { billingEnabled?: boolean | undefined }) {
  usePageTitle(SYSTEM_TEXTS.promotions);
  // Promotion codes are discounts on billing: without it there is nothing to list or change.
  if (billingEnabled === false) {
    return (
      <Stack gap="md" maw={1200}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {SYSTEM_TEXTS.promotions}
        </Title>
        <FormAlert color="blue">{BILLING_OFF_TEXT}</FormAlert>
      </Stack>
    );
  }
  return <Promotions />;
}

/** Shown where billing would be, on a deployment without it. */
export const BILLING_OFF_TEXT = 'Billing is not enabled on this deployment, so there are no promotion codes to manage.';

function Promotions() {
  const zone = useOperatorZone();
  const list = useListState({ sorts: PROMOT_SORTS, defaultSort: 'createdAt', defaultOrder: 'desc', filters: FILTERS });
  const promots = usePromots({ page: list.page, sort: list.sort, order: list.order, q: list.filters.q });
  const remove = useDeletePromot();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Promot | null>(null);
  const [showing, setShowing] = useState<Promot | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const rows = promots.data?.promots ?? [];
  const total = promots.data?.promotCount ?? 0;

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
        <PromotTable
          promots={rows}
          timeZone={zone}
          busy={promots.isPlaceholderData}
          sort={list.sort}
          order={list.order}
          onSort={list.toggleSort}
          actionsFor={(promot) => ({
            onEdit: () => {
              setNotice(null);
              setEditing({ promot });
            },
            onDelete: () => {
              setNotice(null);
              setDeleting(promot);
            },
            onCompanies: () => setShowing(promot),
          })}
        />
      </ListBody>
      <ListPager pages={pageCount(total)} page={list.page} onChange={list.setPage} />

      <Dock
        opened={editing !== null}
        onClose={() => setEditing(null)}
        width={440}
        title={editing?.promot ? `Edit ${editing.promot.code}` : 'New promotion code'}
        testId="promot-dock"
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
      </Dock>
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
      <PromotCompaniesModal promot={showing} timeZone={zone} onClose={() => setShowing(null)} />
    </Stack>
  );
}
