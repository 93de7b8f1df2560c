import { Group, NativeSelect, Paper, Stack, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { sorry } from '@/lib/form-errors';
import { FIRST_CHARGES, useSystemCharges, type ChargeSort, type ChargesQuery } from '../api/get-charges';
import { pageCount } from '../api/list-query';
import { useRetryCharge } from '../api/retry-charge';
import { CHARGE_STATUSES, type ChargeStatus, type SystemCharge, type SystemChargesPage } from '../api/schemas';
import { ChargeRow } from './charge-row';
import { CHARGE_STATUS_LABELS, isRetryable, RETRY_OUTCOME_TEXTS, SYSTEM_TEXTS } from './labels';
import { ListBody, ListPager, SortableTh } from './list-parts';

const STATUS_OPTIONS = [{ value: '', label: 'All' }, ...CHARGE_STATUSES.map((status) => ({ value: status, label: CHARGE_STATUS_LABELS[status] }))];
interface CompanyChargesProps {
  companyId: number;
  /** The first page, as the company's detail brought it. */
  first: SystemChargesPage;
  timeZone: string | undefined;
}

/**
 * The company's charges (GET /system/charges), 20 a page, newest period first, filtered by state;
 * each row opens its attempts, and a declined charge can be retried with the card on file, after
 * which the list is read again (spec 002 §4).
 */
export function CompanyCharges({ companyId, first, timeZone }: CompanyChargesProps) {
  const [query, setQuery] = useState<ChargesQuery>(FIRST_CHARGES);
  const charges = useSystemCharges(companyId, query, first);
  const retry = useRetryCharge(companyId);
  const [open, setOpen] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const rows = charges.data?.charges ?? [];
  const total = charges.data?.chargeCount ?? 0;
  const onSort = (column: ChargeSort) =>
    setQuery((q) => ({ ...q, page: 1, sort: column, order: column === q.sort ? (q.order === 'asc' ? 'desc' : 'asc') : column === 'periodStart' ? 'desc' : 'asc' }));
  const sortProps = { sort: query.sort, order: query.order, onSort };

  const retryCharge = (charge: SystemCharge) => {
    setNotice(null);
    retry.mutate(charge.id, {
      onSuccess: (answer) => setNotice({ ok: answer.outcome !== 'declined', text: RETRY_OUTCOME_TEXTS[answer.outcome] }),
      onError: (error) => setNotice({ ok: false, text: sorry(error) }),
    });
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="company-charges">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} fz="lg" id="company-charges">
            Charges
          </Title>
          <NativeSelect
            label="Charge status"
            data={STATUS_OPTIONS}
            value={query.status}
            onChange={(event) => {
              const status = event.currentTarget.value as ChargeStatus | '';
              setQuery((q) => ({ ...q, page: 1, status }));
            }}
            w={{ base: '100%', xs: 180 }}
          />
        </Group>
        {notice ? <FormAlert color={notice.ok ? 'green' : 'red'}>{notice.text}</FormAlert> : null}
        <ListBody
          isPending={charges.isPending}
          error={charges.isError ? charges.error : null}
          isEmpty={rows.length === 0}
          loadingLabel="Loading the charges"
          emptyText={query.status ? SYSTEM_TEXTS.noChargesMatch : SYSTEM_TEXTS.noCharges}
        >
          <Table.ScrollContainer minWidth={1080} type="native">
            <Table aria-label="Charges" striped withTableBorder verticalSpacing="xs" aria-busy={charges.isPlaceholderData || undefined}>
              <Table.Thead>
                <Table.Tr>
                  <SortableTh label="Period" column="periodStart" {...sortProps} />
                  <Table.Th ta="right">Users</Table.Th>
                  <Table.Th ta="right">Base</Table.Th>
                  <Table.Th ta="right">Per user</Table.Th>
                  <Table.Th ta="right">Discount</Table.Th>
                  <SortableTh label="Total" column="total" numeric {...sortProps} />
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Failures</Table.Th>
                  <Table.Th>Next attempt</Table.Th>
                  <Table.Th>Paid</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((charge) => (
                  <ChargeRow
                    key={charge.id}
                    charge={charge}
                    timeZone={timeZone}
                    open={open === charge.id}
                    onToggle={() => setOpen((current) => (current === charge.id ? null : charge.id))}
                    retrying={retry.isPending && retry.variables === charge.id}
                    onRetry={isRetryable(charge.status) ? () => retryCharge(charge) : null}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </ListBody>
        <ListPager pages={pageCount(total)} page={query.page} onChange={(page) => setQuery((q) => ({ ...q, page }))} />
      </Stack>
    </Paper>
  );
}
