import { Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { useAudit } from '../api/get-audit';
import { AUDIT_PAGE_SIZE, pageCount } from '../api/list-query';
import type { AuditEntry } from '../api/schemas';
import { instantTime } from './format';
import { SYSTEM_TEXTS } from './labels';
import { ListBody, ListPager } from './list-parts';
import { companyPath } from './paths';
import { useOperatorZone } from './use-zone';

const idOf = (value: string | null): number | null => (value && /^\d+$/.test(value.trim()) ? Number(value.trim()) : null);

function EntryRow({ entry, timeZone }: { entry: AuditEntry; timeZone: string | undefined }) {
  return (
    <Table.Tr data-testid="audit-entry">
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{instantTime(entry.at, timeZone)}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.operator}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.actingAs ?? '—'}</Table.Td>
      <Table.Td>
        {entry.companyId !== null ? (
          <Anchor component={Link} to={companyPath(entry.companyId)}>
            {entry.companyName ?? `#${entry.companyId}`}
          </Anchor>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.action}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.detail ?? ''}</Table.Td>
    </Table.Tr>
  );
}

/**
 * Audit log (/sy5tem/audit?companyId=): every system action, newest first, 50 a page, for one
 * company when its id is given. Nothing here changes a row: the log is append-only.
 */
export function AuditScreen() {
  usePageTitle(SYSTEM_TEXTS.audit);
  const zone = useOperatorZone();
  const [search, setSearch] = useSearchParams();
  const companyId = idOf(search.get('companyId'));
  const rawPage = idOf(search.get('page'));
  const page = rawPage && rawPage > 0 ? rawPage : 1;
  const [typed, setTyped] = useState(companyId === null ? '' : String(companyId));
  const [typedError, setTypedError] = useState<string | null>(null);
  const audit = useAudit({ page, companyId });
  const rows = audit.data?.entries ?? [];
  const total = audit.data?.entryCount ?? 0;

  const go = (changes: { companyId?: number | null; page?: number }) => {
    const next = new URLSearchParams(search);
    if ('companyId' in changes) {
      if (changes.companyId === null || changes.companyId === undefined) next.delete('companyId');
      else next.set('companyId', String(changes.companyId));
      next.delete('page');
    }
    if (changes.page !== undefined) {
      if (changes.page <= 1) next.delete('page');
      else next.set('page', String(changes.page));
    }
    setSearch(next, { replace: true });
  };

  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {SYSTEM_TEXTS.audit}
      </Title>
      <form
        noValidate
        role="search"
        aria-label="Filter the audit log"
        onSubmit={(event) => {
          event.preventDefault();
          const value = typed.trim();
          if (value && idOf(value) === null) return setTypedError('Enter a company ID (a number).');
          setTypedError(null);
          go({ companyId: idOf(value) });
        }}
      >
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Company ID"
            inputMode="numeric"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={typedError}
            w={{ base: '100%', xs: 200 }}
          />
          <Group gap="sm" mt={{ base: 0, xs: 25 }}>
            <Button type="submit" variant="default">
              Filter
            </Button>
            {companyId !== null ? (
              <Button
                variant="subtle"
                onClick={() => {
                  setTyped('');
                  go({ companyId: null });
                }}
              >
                Every company
              </Button>
            ) : null}
          </Group>
        </Group>
      </form>
      <ListBody
        isPending={audit.isPending}
        error={audit.isError ? audit.error : null}
        isEmpty={rows.length === 0}
        loadingLabel="Loading the audit log"
        emptyText={companyId !== null ? SYSTEM_TEXTS.noAuditMatch : SYSTEM_TEXTS.noAudit}
      >
        <Text size="sm" c="dimmed" data-testid="entry-count">
          {total === 1 ? '1 entry' : `${total} entries`}, newest first
        </Text>
        <Table.ScrollContainer minWidth={900} type="native">
          <Table aria-label="Audit log" striped withTableBorder verticalSpacing="xs" aria-busy={audit.isPlaceholderData || undefined}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Operator</Table.Th>
                <Table.Th>Acting as</Table.Th>
                <Table.Th>Company</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Detail</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((entry) => (
                <EntryRow key={entry.id} entry={entry} timeZone={zone} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListBody>
      <ListPager pages={pageCount(total, AUDIT_PAGE_SIZE)} page={page} onChange={(next) => go({ page: next })} />
    </Stack>
  );
}
