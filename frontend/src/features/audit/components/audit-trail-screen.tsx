import { Button, Group, Loader, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/company-time';
import { DISPLAY_DATE_FORMAT, parseTypedDate } from '@/lib/dates';
import { formFailure, serverMessage, sorry } from '@/lib/form-errors';
import { AUDIT_FILTER_FIELDS, hasAuditFilters, NO_AUDIT_FILTERS, useAuditTrail, useExportAuditTrail, type AuditFilterField, type AuditFilters } from '../api/audit';
import type { AuditEntry } from '../api/schemas';
import { AUDIT_TEXTS, changeText, ENTITY_CHOICES, fromText, NONE, personLabel, whatText } from './labels';
import { PersonFilter, type PickedPerson } from './person-filter';

type FieldErrors = Partial<Record<AuditFilterField, string>>;

/**
 * What a failed call says: a 400's messages about the filters go on their fields (`fields`), the
 * rest (a page link no longer valid, a person out of reach, a refusal) above the table.
 */
function failureOf(error: unknown, asSorry = false): { fields: FieldErrors; message: string | null } {
  if (error instanceof ApiError && error.hasFieldErrors) {
    const { fieldErrors, message } = formFailure(error, AUDIT_FILTER_FIELDS);
    return { fields: fieldErrors, message };
  }
  return { fields: {}, message: asSorry ? sorry(error) : serverMessage(error) };
}

function WhoCell({ entry }: { entry: AuditEntry }) {
  return (
    <Table.Td style={{ overflowWrap: 'break-word', minWidth: 120 }}>
      <Text span size="sm" data-testid="audit-actor">
        {entry.actor ? personLabel(entry.actor) : NONE}
      </Text>
      {entry.impersonated ? (
        <Text span size="sm" fw={700} data-testid="audit-support" title="The platform's support acted as this person">
          {' '}
          {AUDIT_TEXTS.support}
        </Text>
      ) : null}
      {entry.onBehalfOf ? (
        <Text size="xs" c="dimmed" data-testid="audit-on-behalf">
          for {personLabel(entry.onBehalfOf)}
        </Text>
      ) : null}
    </Table.Td>
  );
}

function EntryRow({ entry, timeZone }: { entry: AuditEntry; timeZone?: string }) {
  return (
    <Table.Tr data-testid="audit-entry" data-entity={entry.entity}>
      <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="audit-when">
        {formatDateTime(entry.occurredAt, timeZone)}
      </Table.Td>
      <WhoCell entry={entry} />
      <Table.Td style={{ overflowWrap: 'break-word', minWidth: 120 }} data-testid="audit-about">
        {entry.person ? personLabel(entry.person) : NONE}
      </Table.Td>
      <Table.Td>
        <Text size="sm" data-testid="audit-what">
          {whatText(entry)}
        </Text>
        {entry.entityId ? (
          <Text size="xs" c="dimmed">
            #{entry.entityId}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        {entry.changes.length === 0 ? (
          NONE
        ) : (
          <Stack gap={2}>
            {entry.changes.map((change, index) => (
              <Text key={`${change.field}-${index}`} size="sm" data-testid="audit-change">
                {changeText(change, timeZone)}
              </Text>
            ))}
          </Stack>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="audit-from">
        {fromText(entry) || NONE}
      </Table.Td>
    </Table.Tr>
  );
}

interface AuditTrailScreenProps {
  /** The company's time zone: when an entry happened, on the company's clock. */
  timeZone?: string;
}

/**
 * /admin/manage/audit (issue 43, docs/contracts/audit-trail.md): who changed what in the company,
 * newest first, 50 at a time ('Load more'), filtered by the person it is about, what changed and
 * the company's days from and to; 'Export CSV' downloads the whole selection. Admins read the whole
 * company's trail, managers the entries about the people they reach (the server decides).
 */
export function AuditTrailScreen({ timeZone }: AuditTrailScreenProps) {
  usePageTitle(AUDIT_TEXTS.title);
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [person, setPerson] = useState<PickedPerson | null>(null);
  const trail = useAuditTrail(filters);
  const exporting = useExportAuditTrail();
  const [exportError, setExportError] = useState<unknown>(null);

  const set = (patch: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setExportError(null);
  };
  const loadFailure = trail.error ? failureOf(trail.error) : null;
  const exportFailure = exportError ? failureOf(exportError, true) : null;
  const fieldError = (field: AuditFilterField) => loadFailure?.fields[field] ?? exportFailure?.fields[field];
  const rows = trail.data?.pages.flatMap((page) => page.entries) ?? [];

  const exportCsv = () => {
    setExportError(null);
    exporting.mutate(filters, {
      onSuccess: (name) => notifications.show({ color: 'green', message: `${name} has been downloaded.` }),
      onError: setExportError,
    });
  };

  return (
    <Stack gap="md" maw={1400}>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {AUDIT_TEXTS.title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm" role="search" aria-label="Filters">
        <PersonFilter
          value={person}
          onChange={(picked) => {
            setPerson(picked);
            set({ person: picked?.id ?? null });
          }}
          error={fieldError('person')}
        />
        <Select
          label="What changed"
          placeholder="Everything"
          searchable
          clearable
          clearButtonProps={{ 'aria-label': 'Clear what changed' }}
          data={ENTITY_CHOICES}
          value={filters.entity}
          onChange={(entity) => set({ entity })}
          error={fieldError('entity')}
          comboboxProps={{ withinPortal: true }}
        />
        <DateInput
          label="From"
          placeholder={DISPLAY_DATE_FORMAT}
          valueFormat={DISPLAY_DATE_FORMAT}
          dateParser={parseTypedDate}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the start date' }}
          value={filters.from || null}
          onChange={(from) => set({ from: from ?? '' })}
          error={fieldError('from')}
          popoverProps={{ withinPortal: true }}
        />
        <DateInput
          label="To"
          placeholder={DISPLAY_DATE_FORMAT}
          valueFormat={DISPLAY_DATE_FORMAT}
          dateParser={parseTypedDate}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the end date' }}
          value={filters.to || null}
          onChange={(to) => set({ to: to ?? '' })}
          error={fieldError('to')}
          popoverProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          {trail.isFetching && !trail.isFetchingNextPage && !trail.isPending ? <Loader size="xs" aria-label="Loading the audit trail" /> : null}
        </Group>
        <Button variant="default" onClick={exportCsv} loading={exporting.isPending}>
          Export CSV
        </Button>
      </Group>
      {exportFailure?.message ? <FormAlert>{exportFailure.message}</FormAlert> : null}
      {loadFailure?.message ? <FormAlert>{loadFailure.message}</FormAlert> : null}
      {trail.isPending ? (
        <Loader size="sm" aria-label="Loading the audit trail" />
      ) : rows.length === 0 ? (
        trail.isError ? null : (
          <Text c="dimmed" data-testid="audit-empty">
            {hasAuditFilters(filters) ? AUDIT_TEXTS.noMatch : AUDIT_TEXTS.empty}
          </Text>
        )
      ) : (
        <Table.ScrollContainer minWidth={960} type="native">
          <Table aria-label={AUDIT_TEXTS.title} striped withTableBorder verticalSpacing="xs" data-testid="audit-table" aria-busy={trail.isPlaceholderData || undefined}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>About</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>Changes</Table.Th>
                <Table.Th>From</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((entry) => (
                <EntryRow key={entry.id} entry={entry} timeZone={timeZone} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {trail.hasNextPage && !trail.isPlaceholderData && rows.length > 0 ? (
        <Group justify="center">
          <Button variant="default" onClick={() => void trail.fetchNextPage()} loading={trail.isFetchingNextPage}>
            Load more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
