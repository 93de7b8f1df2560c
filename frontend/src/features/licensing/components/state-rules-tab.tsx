import { ActionIcon, Anchor, Badge, Button, Checkbox, Group, Loader, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { FormModal } from '@/components/form-modal';
import { formatIsoDate } from '@/lib/company-time';
import { serverMessage, sorry } from '@/lib/form-errors';
import { formatHours, saveFailure, STATE_RULE_FIELDS, stateRuleBody, validateStateRule, type StateRuleValues } from '../api/forms';
import { useLicensingReference, useResetStateRule, useSaveStateRule } from '../api/reference';
import type { StateRule } from '../api/schemas';
import { STATE_CHOICES, stateName } from '../api/states';
import { DateField } from './date-field';
import { RENEWAL_ANCHOR_LABELS, topicLabel } from './labels';

const valuesOf = (rule: StateRule | null, today: string): StateRuleValues => ({
  state: rule?.state ?? null,
  cycleMonths: rule?.cycleMonths === null || rule?.cycleMonths === undefined ? '24' : String(rule.cycleMonths),
  hoursTotal: rule?.hoursTotal === null || rule?.hoursTotal === undefined ? '' : formatHours(rule.hoursTotal),
  hoursEthics: rule?.hoursEthics === null || rule?.hoursEthics === undefined ? '0' : formatHours(rule.hoursEthics),
  topics: (rule?.topics ?? []).map((topic) => ({ topic: topic.topic, hours: formatHours(topic.hours) })),
  carryOver: rule?.carryOver ?? false,
  citation: rule?.citation ?? '',
  effectiveFrom: today,
});

/** 'Flood 3 h, Ethics 3 h'. */
const topicsText = (rule: StateRule) => rule.topics.map((topic) => `${topicLabel(topic.topic)} ${formatHours(topic.hours)} h`).join(', ');

/**
 * The CE rules per state (admins): the product's rule for the states it knows, or the company's
 * own ('Changed'). Edit sets the company's rule (new requirements take it; existing ones keep their
 * hours); Reset goes back to the product's.
 */
export function StateRulesTab({ today }: { today: string }) {
  const reference = useLicensingReference();
  const reset = useResetStateRule();
  const [editing, setEditing] = useState<{ rule: StateRule | null } | null>(null);
  const [resetting, setResetting] = useState<StateRule | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rules = [...(reference.data?.states ?? [])].sort((a, b) => a.state.localeCompare(b.state));

  return (
    <Stack gap="md" data-testid="state-rules">
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz="lg">
          CE rules per state
        </Title>
        <Button onClick={() => setEditing({ rule: null })}>Set a state&apos;s rule</Button>
      </Group>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {reference.isPending ? (
        <Loader size="sm" aria-label="Loading the state rules" />
      ) : reference.isError ? (
        <FormAlert>{serverMessage(reference.error)}</FormAlert>
      ) : (
        <Table.ScrollContainer minWidth={980}>
          <Table striped verticalSpacing="xs" data-testid="state-rules-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>State</Table.Th>
                <Table.Th>Renewal</Table.Th>
                <Table.Th>Cycle</Table.Th>
                <Table.Th>Total</Table.Th>
                <Table.Th>Ethics</Table.Th>
                <Table.Th>Topics</Table.Th>
                <Table.Th>Carry-over</Table.Th>
                <Table.Th>Citation</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.map((rule) => (
                <Table.Tr key={rule.state} data-testid="state-rule">
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={600}>
                        {rule.name || stateName(rule.state)} ({rule.state})
                      </Text>
                      {rule.edited ? (
                        <Badge size="sm" color="blue.8" variant="filled">
                          Changed
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>{rule.renewalAnchor ? (RENEWAL_ANCHOR_LABELS[rule.renewalAnchor] ?? rule.renewalAnchor) : ''}</Table.Td>
                  <Table.Td>{rule.cycleMonths === null ? '' : `${rule.cycleMonths} months`}</Table.Td>
                  <Table.Td>{rule.hoursTotal === null ? 'No rule' : `${formatHours(rule.hoursTotal)} h`}</Table.Td>
                  <Table.Td>{rule.hoursEthics === null ? '' : `${formatHours(rule.hoursEthics)} h`}</Table.Td>
                  <Table.Td>{topicsText(rule)}</Table.Td>
                  <Table.Td>{rule.carryOver ? 'Yes' : 'No'}</Table.Td>
                  <Table.Td>
                    {rule.source ? (
                      <Anchor href={rule.source} target="_blank" rel="noreferrer" size="sm">
                        {rule.citation || 'Source'}
                      </Anchor>
                    ) : (
                      (rule.citation ?? '')
                    )}
                  </Table.Td>
                  <Table.Td>{rule.effectiveFrom ? formatIsoDate(rule.effectiveFrom) : ''}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap" justify="flex-end">
                      <Button size="xs" variant="default" aria-label={`Edit the rule of ${rule.state}`} onClick={() => setEditing({ rule })}>
                        Edit
                      </Button>
                      {rule.edited ? (
                        <Button size="xs" variant="outline" color="red.9" aria-label={`Reset the rule of ${rule.state}`} onClick={() => setResetting(rule)}>
                          Reset
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <FormModal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.rule ? `CE rule of ${editing.rule.name || editing.rule.state}` : "Set a state's rule"} centered size="lg">
        {editing ? <StateRuleForm rule={editing.rule} today={today} onDone={() => setEditing(null)} /> : null}
      </FormModal>
      <ConfirmDialog
        opened={resetting !== null}
        title={resetting ? `Reset the rule of ${resetting.state}?` : 'Reset'}
        message="The product's rule applies again to new requirements. Existing requirements keep their hours."
        confirmLabel="Reset"
        danger
        focusCancel
        loading={reset.isPending}
        onCancel={() => setResetting(null)}
        onConfirm={() => {
          if (!resetting) return;
          setError(null);
          reset.mutate(resetting.state, {
            onSuccess: () => notifications.show({ color: 'green', message: `The rule of ${resetting.state} is the product's again.` }),
            onError: (failed) => setError(sorry(failed)),
            onSettled: () => setResetting(null),
          });
        }}
      />
    </Stack>
  );
}

function StateRuleForm({ rule, today, onDone }: { rule: StateRule | null; today: string; onDone: () => void }) {
  const save = useSaveStateRule();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<StateRuleValues>({ mode: 'controlled', initialValues: valuesOf(rule, today), validate: validateStateRule });
  useDiscardGuard(() => form.isDirty());

  return (
    <form
      noValidate
      aria-label="State rule"
      onSubmit={form.onSubmit((values) => {
        setMessage(null);
        save.mutate(stateRuleBody(values), {
          onSuccess: (saved) => {
            notifications.show({ color: 'green', message: `The CE rule of ${saved.state} has been saved.` });
            onDone();
          },
          onError: (error) => {
            const failure = saveFailure(error, STATE_RULE_FIELDS);
            form.setErrors(failure.fieldErrors);
            setMessage(failure.message);
          },
        });
      })}
    >
      <Stack gap="sm">
        {message ? <FormAlert>{message}</FormAlert> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select label="State" required searchable disabled={rule !== null} data={STATE_CHOICES} allowDeselect={false} comboboxProps={{ withinPortal: true }} {...form.getInputProps('state')} />
          <TextInput label="Cycle (months)" required inputMode="numeric" autoComplete="off" {...form.getInputProps('cycleMonths')} />
          <TextInput label="Total hours" required inputMode="decimal" autoComplete="off" {...form.getInputProps('hoursTotal')} />
          <TextInput label="Ethics hours" required inputMode="decimal" autoComplete="off" {...form.getInputProps('hoursEthics')} />
        </SimpleGrid>
        <Stack gap={6} role="group" aria-label="Topics">
          <Text size="sm" fw={500}>
            Topics
          </Text>
          {form.values.topics.map((_, index) => (
            <Group key={index} gap="sm" align="flex-start">
              <TextInput label={`Topic ${index + 1}`} placeholder="e.g. flood" autoComplete="off" {...form.getInputProps(`topics.${index}.topic`)} />
              <TextInput label={`Hours of topic ${index + 1}`} inputMode="decimal" autoComplete="off" w={140} {...form.getInputProps(`topics.${index}.hours`)} />
              <ActionIcon variant="subtle" color="red.9" mt={28} aria-label={`Remove topic ${index + 1}`} onClick={() => form.removeListItem('topics', index)}>
                ×
              </ActionIcon>
            </Group>
          ))}
          <Button size="xs" variant="light" style={{ alignSelf: 'flex-start' }} onClick={() => form.insertListItem('topics', { topic: '', hours: '' })}>
            Add topic
          </Button>
        </Stack>
        <Checkbox label="Excess hours carry over to the next cycle" {...form.getInputProps('carryOver', { type: 'checkbox' })} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Citation" placeholder="e.g. Cal. Ins. Code §1749.3" maxLength={200} autoComplete="off" {...form.getInputProps('citation')} />
          <DateField label="Effective from" required value={form.values.effectiveFrom} onChange={(v) => form.setFieldValue('effectiveFrom', v)} error={form.errors.effectiveFrom} />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
