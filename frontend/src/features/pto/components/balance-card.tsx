import '@mantine/core/styles/ColorSwatch.css';
import { Button, Card, ColorSwatch, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { loadErrorMessage } from '@/components/load-error-modal';
import { ApiError } from '@/lib/api-client';
import { formatIsoDate } from '@/lib/company-time';
import { fullName, useProjectedBalance, type PtoData, type TimeOffType } from '../api/requests';
import { WhyThisBalance } from './balance-explanation';
import { formatPtoMinutes, TIME_OFF_TEXTS } from './time-off-labels';

/** Spec 000 §9: the PTO balance panel is 470 wide (phones: the full width). */
export const BALANCE_DOCK_WIDTH = 470;

function TypeName({ name, color }: { name: string; color: string }) {
  return (
    <Group gap={8} wrap="nowrap">
      <ColorSwatch color={color} size={12} withShadow={false} aria-hidden="true" />
      <Text size="sm">{name}</Text>
    </Group>
  );
}

/** 'Balance on' a day (today or later): per type the balance then, what accrues and what is booked until then. */
function ProjectedBalance({ eid, today, opened }: { eid: number | null; today: string; opened: boolean }) {
  const [asOf, setAsOf] = useState(today);
  const projected = useProjectedBalance(eid, asOf, opened);
  const error = projected.error;
  const fieldError = error instanceof ApiError && error.status === 400 ? (error.errors.asOf?.[0] ?? error.firstMessage) : null;

  return (
    <Stack gap="sm" data-testid="projected-balance">
      <Title order={3} fz="md">
        Projected balance
      </Title>
      <TextInput
        type="date"
        label="Balance on"
        min={today}
        value={asOf}
        onChange={(event) => setAsOf(event.currentTarget.value)}
        error={fieldError}
        w={{ base: '100%', xs: 220 }}
      />
      {projected.isFetching && !projected.data ? <Loader size="sm" aria-label="Loading the balance" /> : null}
      {error && !fieldError ? <FormAlert>{loadErrorMessage(error)}</FormAlert> : null}
      {projected.data && !error ? (
        <>
          <Table.ScrollContainer minWidth={320}>
            <Table striped data-testid="projected-balance-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Type</Table.Th>
                  <Table.Th ta="right">Balance</Table.Th>
                  <Table.Th ta="right">Accrued</Table.Th>
                  <Table.Th ta="right">Booked</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {projected.data.types.map((type) => (
                  <Table.Tr key={type.ptoTypeId} data-testid="projected-balance-row">
                    <Table.Td>
                      <TypeName name={type.name} color={type.color} />
                    </Table.Td>
                    <Table.Td ta="right">{formatPtoMinutes(type.balance)}</Table.Td>
                    <Table.Td ta="right">{formatPtoMinutes(type.accrued)}</Table.Td>
                    <Table.Td ta="right">{formatPtoMinutes(type.booked)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="sm" data-testid="projected-total">
            Total on {formatIsoDate(projected.data.asOf)}: <strong>{formatPtoMinutes(projected.data.totalBalance)}</strong>
          </Text>
        </>
      ) : null}
    </Stack>
  );
}

/** One line under the card's figure: what it is, and minutes (a deduction shown with a minus). */
function Figure({ label, minutes, deduct = false, testId, strong = false }: { label: string; minutes: number; deduct?: boolean; testId: string; strong?: boolean }) {
  const text = deduct && minutes > 0 ? `− ${formatPtoMinutes(minutes)}` : formatPtoMinutes(minutes);
  return (
    <Group component="div" justify="space-between" gap="xs" wrap="nowrap">
      <Text component="dt" size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} fw={strong ? 700 : undefined} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {text}
      </Text>
    </Group>
  );
}

/**
 * The balance today, then what is asked for and what would be left: without them an employee sees
 * enough hours and still meets 'Dang it!', because approved time off to come and pending
 * requests are already counted against a new request.
 */
function BalanceFigures({ stats }: { stats: PtoData['stats'] }) {
  return (
    <Stack component="dl" gap={4} m={0} data-testid="balance-figures">
      {stats.scheduled > 0 ? <Figure label="Approved, still to come" minutes={stats.scheduled} deduct testId="balance-scheduled" /> : null}
      <Figure label="Requested (pending)" minutes={stats.pending} deduct testId="balance-pending" />
      <Figure label="Projected" minutes={stats.projected} testId="balance-projected" strong />
    </Stack>
  );
}

/**
 * Each paid type's balance now with 'Why this balance?' (issue 38): the ledger lines that make it.
 * `whose`: null on the caller's own screen, the person's name when an admin or manager looks on
 * their behalf.
 */
function TypeBalances({ types, eid, whose }: { types: TimeOffType[]; eid: number | null; whose: string | null }) {
  return (
    <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Balance by type" data-testid="balance-types">
      {types.map((type) => (
        <Group component="li" key={type.id} justify="space-between" gap="xs" wrap="nowrap" data-testid="balance-type">
          <TypeName name={type.name} color={type.color} />
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" data-testid="balance-type-available" style={{ whiteSpace: 'nowrap' }}>
              {formatPtoMinutes(type.availableNow ?? 0)}
            </Text>
            <WhyThisBalance eid={eid} ptoTypeId={type.id} typeName={type.name} balance={type.availableNow ?? 0} whose={whose} />
          </Group>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * The PTO balance card (spec 000 §2): the balance available now, what is requested (pending) and
 * the projected balance once approved time off to come and pending requests are taken, and each
 * paid type's balance with 'Why this balance?'; 'View Details' opens the per-type breakdown (Type,
 * Used, Balance) and the balance projected to a later day.
 */
export function BalanceCard({ data, eid }: { data: PtoData; eid: number | null }) {
  const [opened, setOpened] = useState(false);
  const paidTypes = data.types.filter((type) => type.payable === 1);
  return (
    <Card withBorder radius="md" p="lg" data-testid="balance-card">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} fz="lg">
            PTO Balance
          </Title>
          {data.planName ? (
            <Text size="sm" c="dimmed" ta="right">
              {data.planName}
            </Text>
          ) : null}
        </Group>
        {data.setUp ? (
          <>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                Available now
              </Text>
              <Text fz={32} fw={700} lh={1.2} data-testid="total-balance">
                {formatPtoMinutes(data.stats.availableNow)}
              </Text>
            </Stack>
            <BalanceFigures stats={data.stats} />
            {paidTypes.length > 0 ? <TypeBalances types={paidTypes} eid={eid} whose={eid === null ? null : fullName(data.employee)} /> : null}
          </>
        ) : (
          <Text data-testid="pto-not-set-up">{TIME_OFF_TEXTS.notSetUp}</Text>
        )}
        {data.startsOn ? (
          <Text size="sm" c="dimmed" data-testid="pto-starts-on">
            PTO starts with the employment on {formatIsoDate(data.startsOn)}.
          </Text>
        ) : null}
        <Group>
          <Button variant="light" onClick={() => setOpened(true)} disabled={data.types.length === 0}>
            View Details
          </Button>
        </Group>
      </Stack>

      <Dock opened={opened} onClose={() => setOpened(false)} title="PTO Balance" width={BALANCE_DOCK_WIDTH} testId="balance-dock">
        <Stack gap="lg">
          <Table.ScrollContainer minWidth={300}>
            <Table striped data-testid="balance-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Type</Table.Th>
                  <Table.Th ta="right">Used</Table.Th>
                  <Table.Th ta="right">Balance</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.types.map((type) => (
                  <Table.Tr key={type.id} data-testid="balance-row">
                    <Table.Td>
                      <TypeName name={type.name} color={type.color} />
                      {type.pending > 0 ? (
                        <Text size="xs" c="dimmed">
                          {formatPtoMinutes(type.pending)} pending
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td ta="right">{formatPtoMinutes(type.used)}</Table.Td>
                    <Table.Td ta="right">{type.balance === null ? 'Unpaid' : formatPtoMinutes(type.balance)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {paidTypes.length > 0 ? <ProjectedBalance key={`${eid}-${data.today}`} eid={eid} today={data.today} opened={opened} /> : null}
        </Stack>
      </Dock>
    </Card>
  );
}
