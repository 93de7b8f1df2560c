import { Alert, Anchor, Badge, Button, Group, Loader, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { Pager } from '@/components/pager';
import { formatIsoDate } from '@/lib/company-time';
import { serverMessage, sorry } from '@/lib/form-errors';
import { NO_FILTERS, useCompliance, useExportCompliance, type ComplianceFilters, type ExportFormat } from '../api/compliance';
import { lineLabel, useLicensingReference } from '../api/reference';
import type { Compliance, Reference } from '../api/schemas';
import { STATE_CHOICES } from '../api/states';
import { LICENSING_TEXTS, STATUS_ORDER, statusColor, statusLabel } from './labels';
import { ComplianceBadge } from './licensing-folder';
import { MaySellPanel } from './may-sell-panel';

export const SEARCH_DEBOUNCE_MS = 300;

/** The status picker's choices: the reference's statuses (else the contract's), by their labels. */
export const statusChoices = (reference: Reference | undefined) =>
  (reference && reference.statuses.length > 0 ? reference.statuses : [...STATUS_ORDER]).map((status) => ({ value: status, label: statusLabel(status) }));

export const lineChoices = (reference: Reference | undefined) => (reference?.lines ?? []).map((line) => ({ value: line.code, label: line.label }));

/** The red banner: a shown row, or any counted one, is expired. */
export const anyExpired = (compliance: Compliance | undefined): boolean =>
  !!compliance && (compliance.rows.some((row) => row.status === 'expired') || (compliance.counts.expired ?? 0) > 0);

interface ComplianceTabProps {
  /** The address of a person's folder on its Licensing tab. */
  folderPath: (employeeId: number) => string;
  today: string;
}

/**
 * The compliance page (managers: the people they reach; admins: everyone): one row per producer ×
 * state, filtered by state, status, line and a search; the counts per status; a red banner when a
 * licence has expired; the CSV and Excel export of the same filters; and "Who may sell?".
 */
export function ComplianceTab({ folderPath, today }: ComplianceTabProps) {
  const reference = useLicensingReference();
  const [filters, setFilters] = useState<ComplianceFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [q] = useDebouncedValue(filters.q, SEARCH_DEBOUNCE_MS);
  const asked = { ...filters, q };
  const compliance = useCompliance(asked, page);
  const pages = compliance.data ? Math.ceil(compliance.data.total / Math.max(1, compliance.data.pageSize)) : 0;
  const exporting = useExportCompliance();
  const [exportError, setExportError] = useState<string | null>(null);
  const rows = compliance.data?.rows ?? [];
  const set = (patch: Partial<ComplianceFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const exportAs = (format: ExportFormat) => {
    setExportError(null);
    exporting.mutate(
      { filters: asked, format },
      {
        onSuccess: (name) => notifications.show({ color: 'green', message: `${name} has been downloaded.` }),
        onError: (error) => setExportError(sorry(error)),
      },
    );
  };

  return (
    <Stack gap="md" data-testid="compliance">
      {anyExpired(compliance.data) ? (
        <Alert color="red.9" variant="filled" title={LICENSING_TEXTS.anyExpiredBanner} role="alert" data-testid="compliance-expired">
          {LICENSING_TEXTS.expiredBannerBody}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm" role="search" aria-label="Filters">
        <Select label="State" placeholder="All states" searchable clearable data={STATE_CHOICES} value={filters.state} onChange={(state) => set({ state })} clearButtonProps={{ 'aria-label': 'Clear the state' }} comboboxProps={{ withinPortal: true }} />
        <Select label="Status" placeholder="All statuses" clearable data={statusChoices(reference.data)} value={filters.status} onChange={(status) => set({ status })} clearButtonProps={{ 'aria-label': 'Clear the status' }} comboboxProps={{ withinPortal: true }} />
        <Select label="Line" placeholder="All lines" searchable clearable data={lineChoices(reference.data)} value={filters.line} onChange={(line) => set({ line })} clearButtonProps={{ 'aria-label': 'Clear the line' }} comboboxProps={{ withinPortal: true }} />
        <TextInput label="Search" placeholder="Name or NPN" value={filters.q} onChange={(event) => set({ q: event.currentTarget.value })} />
      </SimpleGrid>
      <Group justify="space-between" gap="sm">
        <Group gap="xs" data-testid="compliance-counts" aria-label="Licences per status" role="list">
          {STATUS_ORDER.map((status) => (
            <Badge key={status} role="listitem" color={statusColor(status)} variant="filled" autoContrast size="lg" data-testid={`count-${status}`}>
              {statusLabel(status)}: {compliance.data?.counts[status] ?? 0}
            </Badge>
          ))}
          {compliance.isFetching ? <Loader size="xs" aria-label="Loading the compliance" /> : null}
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={() => exportAs('csv')} loading={exporting.isPending && exporting.variables?.format === 'csv'}>
            Export CSV
          </Button>
          <Button variant="default" onClick={() => exportAs('xlsx')} loading={exporting.isPending && exporting.variables?.format === 'xlsx'}>
            Export XLSX
          </Button>
        </Group>
      </Group>
      {exportError ? <FormAlert>{exportError}</FormAlert> : null}
      {compliance.isPending ? (
        <Loader size="sm" aria-label="Loading the compliance" />
      ) : compliance.isError ? (
        <FormAlert>{serverMessage(compliance.error)}</FormAlert>
      ) : rows.length === 0 ? (
        <Text c="dimmed" data-testid="no-compliance-rows">
          {LICENSING_TEXTS.noRows}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing="xs" data-testid="compliance-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Producer</Table.Th>
                <Table.Th>NPN</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Licence</Table.Th>
                <Table.Th>Lines</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>CE due</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Why</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.employeeId}-${row.state}-${row.licenceId}`} data-testid="compliance-row" data-status={row.status}>
                  <Table.Td>
                    <Anchor component={Link} to={folderPath(row.employeeId)}>
                      {row.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{row.npn ?? ''}</Table.Td>
                  <Table.Td>{row.state}</Table.Td>
                  <Table.Td>{row.number}</Table.Td>
                  <Table.Td>{row.lines.map((line) => lineLabel(reference.data, line)).join(', ')}</Table.Td>
                  <Table.Td>{row.expiresOn ? formatIsoDate(row.expiresOn) : ''}</Table.Td>
                  <Table.Td>{row.ceDueOn ? formatIsoDate(row.ceDueOn) : ''}</Table.Td>
                  <Table.Td>
                    <ComplianceBadge status={row.status} />
                  </Table.Td>
                  <Table.Td>{row.reason ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 ? <Pager total={pages} value={page} onChange={setPage} /> : null}
      <MaySellPanel today={compliance.data?.today ?? today} />
    </Stack>
  );
}
