import { Anchor, Badge, Button, Card, Group, Loader, Modal, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { useSettingsData } from '@/features/settings/api/get-settings-data';
import { ApiError } from '@/lib/api-client';
import { sorry } from '@/lib/form-errors';
import {
  formatHistoryDate,
  hours,
  isManualHours,
  MANUAL_HOURS_MESSAGE,
  PTO_NOT_SET_UP,
  ruleChangeText,
  useEmployeePto,
  useManuallyAddPto,
  useRemoveManualAddition,
  useUndoSwitch,
  type EmployeePto,
  type HistoryEntry,
} from '../api/employee-pto';
import { EmployeeHolidaysTile } from './employee-holidays-tile';
import { EmployeePtoSetupDock } from './employee-pto-setup';


/** 'Manually Add PTO' (001 §3, §5): a paid type, a year (previous, current, next) and hours. */
function ManualAddModal({ employeeId, year, opened, onClose }: { employeeId: number; year: number; opened: boolean; onClose: () => void }) {
  const settings = useSettingsData();
  const add = useManuallyAddPto(employeeId);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { ptoTypeId: '', year: String(year), hours: '' },
    validate: {
      ptoTypeId: (value) => (value ? null : 'Please choose the PTO type'),
      hours: (value) => (isManualHours(value) ? null : MANUAL_HOURS_MESSAGE),
    },
  });
  const types = (settings.data?.ptotypes ?? []).filter((type) => type.payable === 1).map((type) => ({ value: String(type.id), label: type.name }));
  const years = [year + 1, year, year - 1].map((y) => ({ value: String(y), label: String(y) }));
  return (
    <Modal opened={opened} onClose={onClose} title="Manually Add PTO" centered>
      <form
        noValidate
        aria-label="Manually Add PTO"
        onSubmit={form.onSubmit((values) => {
          setError(null);
          add.mutate(
            { employeeId, ptoTypeId: Number(values.ptoTypeId), year: Number(values.year), hours: values.hours },
            {
              onSuccess: () => {
                notifications.show({ color: 'green', message: 'PTO information has been saved.' });
                form.reset();
                onClose();
              },
              onError: (err) => {
                if (err instanceof ApiError && err.status === 400) {
                  const fields = Object.fromEntries(Object.entries(err.errors).map(([field, messages]) => [field, messages[0] ?? '']));
                  form.setErrors(fields);
                  if (!fields.hours && !fields.ptoTypeId && !fields.year) setError(sorry(err));
                } else {
                  setError(sorry(err));
                }
              },
            },
          );
        })}
      >
        <Stack gap="md">
          <Select label="PTO Type" withAsterisk data={types} placeholder="Choose a type" {...form.getInputProps('ptoTypeId')} />
          <Select label="Year" withAsterisk data={years} allowDeselect={false} {...form.getInputProps('year')} />
          <TextInput label="Hours" withAsterisk inputMode="decimal" placeholder="8" autoComplete="off" {...form.getInputProps('hours')} />
          {error ? <FormAlert>{error}</FormAlert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const HISTORY_LABELS: Record<string, string> = { MANUALLY_ADDITION: 'Added by hand', NEW_PTO_PLAN: 'Starting balance' };

/**
 * The PTO history dock (470 wide): entries made by hand. Admins remove those of others: a manual
 * addition goes; a NEW_PTO_PLAN entry undoes its plan switch (the replaced plan is back). Below,
 * the changes to the rules of the employee's plans (not removable): why balances moved on their own.
 */
function HistoryDock({ pto, canRemove, opened, onClose }: { pto: EmployeePto; canRemove: boolean; opened: boolean; onClose: () => void }) {
  const remove = useRemoveManualAddition(pto.employeeId);
  const undo = useUndoSwitch(pto.employeeId);
  const [removing, setRemoving] = useState<HistoryEntry | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dock opened={opened} onClose={onClose} title="PTO History" width={470} testId="pto-history-dock">
      <Stack gap="sm">
        {error ? <FormAlert>{error}</FormAlert> : null}
        {pto.history.length === 0 && pto.ruleChanges.length === 0 ? <Text>There is no PTO history yet</Text> : null}
        {pto.history.map((entry) => (
          <Card key={entry.id} withBorder radius="md" p="sm" data-testid="pto-history-entry">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Text fw={600}>
                  {entry.minutes >= 0 ? '+' : ''}
                  {hours(entry.minutes)} hrs {entry.ptoTypeName}
                </Text>
                <Text size="sm" c="dimmed">
                  {HISTORY_LABELS[entry.type] ?? entry.type}
                  {entry.policyName ? ` · ${entry.policyName}` : ''} · {formatHistoryDate(entry.date)}
                </Text>
              </Stack>
              {canRemove && (entry.type === 'MANUALLY_ADDITION' || entry.type === 'NEW_PTO_PLAN') ? (
                <Button size="xs" variant="outline" color="red.9" aria-label={`Remove ${hours(entry.minutes)} hrs ${entry.ptoTypeName}`} onClick={() => setRemoving(entry)}>
                  Remove
                </Button>
              ) : null}
            </Group>
          </Card>
        ))}
        {pto.ruleChanges.length > 0 ? (
          <Stack gap={6} mt="sm" data-testid="pto-rule-changes">
            <Title order={3} fz="md">
              Plan rule changes
            </Title>
            {pto.ruleChanges.map((change) => (
              <Text key={change.id} size="sm" data-testid="pto-rule-change">
                {ruleChangeText(change)}
              </Text>
            ))}
          </Stack>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title="Are you sure?"
        message="Once you hit remove there's no going back!"
        confirmLabel="Remove"
        danger
        loading={remove.isPending || undo.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          setError(null);
          const options = { onError: (err: unknown) => setError(sorry(err)), onSettled: () => setRemoving(null) };
          if (removing.type === 'NEW_PTO_PLAN') undo.mutate(removing.id, options);
          else remove.mutate(removing.id, options);
        }}
      />
    </Dock>
  );
}

/**
 * The folder's PTO card (001 §2): the plan in force with each type's balance (the engine's, in hours
 * with two decimals) or 'Setup'; the PTO history; 'Manually Add PTO' for admins viewing someone else;
 * the 'Holidays' hours tile.
 */
export function EmployeePtoCard({
  employeeId,
  canAddManually,
  canSetUp = false,
  setupOpened = false,
  onSetupChange,
}: {
  employeeId: number;
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
      </Stack>
      {pto.data ? (
        <>
          <HistoryDock pto={pto.data} canRemove={canAddManually} opened={history} onClose={() => setHistory(false)} />
          {canSetUp ? <EmployeePtoSetupDock key={String(setupOpen)} pto={pto.data} opened={setupOpen} onClose={() => setSetup(false)} /> : null}
          {canAddManually ? <ManualAddModal employeeId={employeeId} year={pto.data.year} opened={adding} onClose={() => setAdding(false)} /> : null}
        </>
      ) : null}
    </Card>
  );
}
