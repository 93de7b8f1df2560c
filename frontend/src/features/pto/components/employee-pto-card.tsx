import { Anchor, Badge, Button, Card, Divider, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { sorry } from '@/lib/form-errors';
import { formatHistoryDate, hours, PTO_NOT_SET_UP, useEmployeePto } from '../api/employee-pto';
import { AssumedWeekForm } from './assumed-week';
import { EmployeeHolidaysTile } from './employee-holidays-tile';
import { EmployeePtoSetupDock } from './employee-pto-setup';
import { ManualAddModal } from './manual-add-modal';
import { HistoryDock } from './pto-history-dock';

/**
 * The folder's PTO card (001 §2): the plan in force with each type's balance (the engine's, in hours
 * with two decimals) or 'Setup'; the PTO history; 'Manually Add PTO' for admins viewing someone else;
 * the 'Holidays' hours tile; and, for the same admins, 'Exempt from overtime' (an assumed week).
 */
export function EmployeePtoCard({
  employeeId,
  employeeName = '',
  canAddManually,
  canSetUp = false,
  setupOpened = false,
  onSetupChange,
}: {
  employeeId: number;
  /** The person's name, for the titles of 'Why this balance?' in the PTO history. */
  employeeName?: string;
  canAddManually: boolean;
  /** Admins set up an employee's plan and starting balances. */
  canSetUp?: boolean;
  /** The set-up dock, opened by the folder (after a new employee's splash) or by 'Edit PTO'. */
  setupOpened?: boolean;
  onSetupChange?: (opened: boolean) => void;
}) {
  const pto = useEmployeePto(employeeId);
  const [setupLocal, setSetupLocal] = useState(false);
  const setupOpen = setupOpened || setupLocal;
  const setSetup = (opened: boolean) => {
    setSetupLocal(opened);
    onSetupChange?.(opened);
  };
  const [adding, setAdding] = useState(false);
  const [history, setHistory] = useState(false);
  return (
    <Card withBorder radius="md" p="lg" data-testid="pto-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            PTO
          </Title>
          {pto.data?.ptoPlanName ? <Badge variant="light">{pto.data.ptoPlanName}</Badge> : null}
        </Group>
        {pto.isPending ? (
          <Loader size="sm" aria-label="Loading the PTO" />
        ) : pto.isError ? (
          <FormAlert>{sorry(pto.error)}</FormAlert>
        ) : pto.data.available === PTO_NOT_SET_UP ? (
          <Text>
            PTO is not set up.{' '}
            {canSetUp ? (
              <Anchor component="button" type="button" onClick={() => setSetup(true)}>
                Setup
              </Anchor>
            ) : (
              <Anchor component={Link} to="/admin/ptomanage">
                Setup
              </Anchor>
            )}
          </Text>
        ) : pto.data.types.length === 0 && pto.data.startsOn ? (
          <Text data-testid="pto-starts-on">PTO starts with the employment on {formatHistoryDate(pto.data.startsOn)}.</Text>
        ) : (
          <Table verticalSpacing={4} data-testid="pto-balances">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Th ta="right">Earned</Table.Th>
                <Table.Th ta="right">Used</Table.Th>
                <Table.Th ta="right">Balance</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pto.data.types.map((row) => (
                <Table.Tr key={row.ptoTypeId} data-testid="pto-balance-row">
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: row.color, display: 'inline-block' }} />
                      {row.name}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{hours(row.earnedHours + row.carryover + row.startingBalance + row.manuallyAddedHours)}</Table.Td>
                  <Table.Td ta="right">{hours(row.used)}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {hours(row.balance)} hrs
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group gap="sm">
          <Button variant="light" size="xs" onClick={() => setHistory(true)} disabled={!pto.data}>
            PTO History
          </Button>
          {canSetUp ? (
            <Button variant="light" size="xs" onClick={() => setSetup(true)} disabled={!pto.data}>
              Edit PTO
            </Button>
          ) : null}
          {canAddManually ? (
            <Button variant="light" size="xs" onClick={() => setAdding(true)} disabled={!pto.data}>
              Manually Add PTO
            </Button>
          ) : null}
        </Group>
        {/* Holiday hours are changed by the same people who add PTO by hand: admins, for others. */}
        <EmployeeHolidaysTile employeeId={employeeId} canEdit={canAddManually} />
        {/* The assumed week is set by the same people: the server refuses one's own. */}
        {canAddManually && pto.data ? (
          <>
            <Divider />
            <AssumedWeekForm pto={pto.data} />
          </>
        ) : null}
      </Stack>
      {pto.data ? (
        <>
          <HistoryDock pto={pto.data} employeeName={employeeName} canRemove={canAddManually} opened={history} onClose={() => setHistory(false)} />
          {canSetUp ? <EmployeePtoSetupDock key={String(setupOpen)} pto={pto.data} opened={setupOpen} onClose={() => setSetup(false)} /> : null}
          {canAddManually ? <ManualAddModal employeeId={employeeId} year={pto.data.year} opened={adding} onClose={() => setAdding(false)} /> : null}
        </>
      ) : null}
    </Card>
  );
}
