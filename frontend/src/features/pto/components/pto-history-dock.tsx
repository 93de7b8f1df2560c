import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { sorry } from '@/lib/form-errors';
import { explanationHours, useBalanceExplanation } from '../api/balance-explanation';
import { formatHistoryDate, hours, ruleChangeText, useRemoveManualAddition, useUndoSwitch, type EmployeePto, type HistoryEntry } from '../api/employee-pto';
import { WhyThisBalance } from './balance-explanation';

const HISTORY_LABELS: Record<string, string> = { MANUALLY_ADDITION: 'Added by hand', NEW_PTO_PLAN: 'Starting balance' };

/**
 * Each paid type's balance with 'Why this balance?' (issue 38), from the same call as the
 * employee's own PTO screen (GET /pto/balance-explanation?eid), asked while the dock is open.
 */
function ExplainedBalances({ employeeId, whose, enabled }: { employeeId: number; whose: string; enabled: boolean }) {
  const explanation = useBalanceExplanation(employeeId, enabled);
  return (
    <Stack gap={6} data-testid="pto-history-balances">
      <Title order={3} fz="md">
        Balances
      </Title>
      {explanation.isPending ? (
        <Loader size="sm" aria-label="Loading the balances" />
      ) : explanation.isError ? (
        <FormAlert>{sorry(explanation.error)}</FormAlert>
      ) : explanation.data.types.length === 0 ? (
        <Text size="sm">There is no paid time off balance</Text>
      ) : (
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Balance by type">
          {explanation.data.types.map((type) => (
            <Group component="li" key={type.ptoTypeId} justify="space-between" gap="xs" wrap="nowrap" data-testid="pto-history-balance">
              <Text size="sm">{type.name}</Text>
              <Group gap="sm" wrap="nowrap">
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {explanationHours(type.balance)} h
                </Text>
                <WhyThisBalance eid={employeeId} ptoTypeId={type.ptoTypeId} typeName={type.name} balance={type.balance} whose={whose} />
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The PTO history dock (470 wide): entries made by hand. Admins remove those of others: a manual
 * addition goes; a NEW_PTO_PLAN entry undoes its plan switch (the replaced plan is back). Below,
 * the changes to the rules of the employee's plans (not removable): why balances moved on their own.
 * Above them, each paid type's balance with 'Why this balance?'. `employeeName` names the person in
 * its titles ('Why is Emma Brooks's Vacation balance 12.5 h?').
 */
export function HistoryDock({
  pto,
  canRemove,
  opened,
  onClose,
  employeeName = '',
}: {
  pto: EmployeePto;
  canRemove: boolean;
  opened: boolean;
  onClose: () => void;
  employeeName?: string;
}) {
  const remove = useRemoveManualAddition(pto.employeeId);
  const undo = useUndoSwitch(pto.employeeId);
  const [removing, setRemoving] = useState<HistoryEntry | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dock opened={opened} onClose={onClose} title="PTO History" width={470} testId="pto-history-dock">
      <Stack gap="sm">
        {error ? <FormAlert>{error}</FormAlert> : null}
        <ExplainedBalances employeeId={pto.employeeId} whose={employeeName} enabled={opened} />
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
