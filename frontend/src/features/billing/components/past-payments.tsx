import { Badge, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { Pager } from '@/components/pager';
import { sorry } from '@/lib/form-errors';
import { formatCents } from '@/lib/money';
import { chargePageCount, useCharges } from '../api/get-charges';
import type { Charge } from '../api/schemas';
import { billingDay, chargePeriod } from './format';
import { BILLING_TEXTS, CHARGE_STATUS_COLORS, CHARGE_STATUS_LABELS } from './labels';

function ChargeRow({ charge, withDiscount }: { charge: Charge; withDiscount: boolean }) {
  return (
    <Table.Tr data-testid="charge">
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{billingDay(charge.modifyDate)}</Table.Td>
      <Table.Td>{chargePeriod(charge.periodStart, charge.periodEnd)}</Table.Td>
      <Table.Td ta="right">{charge.userCount}</Table.Td>
      <Table.Td ta="right">{formatCents(charge.baseAmount)}</Table.Td>
      <Table.Td ta="right">{formatCents(charge.perUserAmount)}</Table.Td>
      {withDiscount ? <Table.Td ta="right">{charge.discount > 0 ? `−${formatCents(charge.discount)}` : '—'}</Table.Td> : null}
      <Table.Td ta="right" fw={600}>
        {formatCents(charge.totalAmount)}
      </Table.Td>
      <Table.Td>
        <Badge color={CHARGE_STATUS_COLORS[charge.status]} variant="filled" autoContrast>
          {CHARGE_STATUS_LABELS[charge.status]}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Past payments (001 §3 "Charges"): ten a page, newest first, with the pager over `chargeCount`.
 * A page with a discounted charge (a promotion code) shows what was taken off in its own column.
 */
export function PastPayments() {
  const [page, setPage] = useState(1);
  const charges = useCharges(page);
  const pages = chargePageCount(charges.data?.chargeCount ?? 0);
  const list = charges.data?.charges ?? [];
  const withDiscount = list.some((charge) => charge.discount > 0);
  // Fewer charges than the page shown (a page past the end is empty): the last page instead.
  if (charges.data && !charges.isPlaceholderData && page > pages) setPage(pages);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="billing-past-payments">
      <Stack gap="md">
        <Title order={2} fz="lg" id="billing-past-payments">
          Past Payments
        </Title>
        {charges.isPending ? (
          <Loader size="sm" role="status" aria-label="Loading the past payments" />
        ) : charges.isError ? (
          <FormAlert>{sorry(charges.error)}</FormAlert>
        ) : list.length === 0 && charges.data.chargeCount === 0 ? (
          <Text c="dimmed" data-testid="no-payments">
            {BILLING_TEXTS.noPayments}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720} type="native">
            <Table aria-label="Past payments" striped withTableBorder verticalSpacing="xs" aria-busy={charges.isPlaceholderData || undefined}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Period</Table.Th>
                  <Table.Th ta="right">Users</Table.Th>
                  <Table.Th ta="right">Base</Table.Th>
                  <Table.Th ta="right">Per User</Table.Th>
                  {withDiscount ? <Table.Th ta="right">Discount</Table.Th> : null}
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((charge) => (
                  <ChargeRow key={charge.id} charge={charge} withDiscount={withDiscount} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 ? <Pager total={pages} value={Math.min(page, pages)} onChange={setPage} /> : null}
      </Stack>
    </Paper>
  );
}
