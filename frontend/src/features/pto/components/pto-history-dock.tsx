import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { sorry } from '@/lib/form-errors';
import { formatHistoryDate, hours, ruleChangeText, useRemoveManualAddition, useUndoSwitch, type EmployeePto, type HistoryEntry } from '../api/employee-pto';

const HISTORY_LABELS: Record<string, string> = { MANUALLY_ADDITION: 'Added by hand', NEW_PTO_PLAN: 'Starting balance' };

/**
 * The PTO history dock (470 wide): entries made by hand. Admins remove those of others: a manual
 * addition goes; a NEW_PTO_PLAN entry undoes its plan switch (the replaced plan is back). Below,
 * the changes to the rules of the employee's plans (not removable): why balances moved on their own.
 */
export function HistoryDock({ pto, canRemove, opened, onClose }: { pto: EmployeePto; canRemove: boolean; opened: boolean; onClose: () => void }) {
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
