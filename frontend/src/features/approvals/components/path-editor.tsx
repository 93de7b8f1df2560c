import { Button, Group, MultiSelect, NumberInput, Paper, Radio, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { formFailure } from '@/lib/form-errors';
import { approverChoices, type Approver } from '../api/approvers';
import { APPROVERS, ESCALATE_TO, MODES, useSavePath, type ApprovalPath, type Approvers, type EscalateTo, type Mode } from '../api/setup';
import { APPROVERS_LABELS, ESCALATE_TO_LABELS, MODE_LABELS } from './labels';
import { blankStep, draftChanged, moveStep, pathBody, pathDraft, pathFields, stepFieldKey, type PathDraft, type StepDraft, type StepField } from './path-form';

const APPROVERS_CHOICES = APPROVERS.map((value) => ({ value, label: APPROVERS_LABELS[value] }));
const ESCALATE_TO_CHOICES = ESCALATE_TO.map((value) => ({ value, label: ESCALATE_TO_LABELS[value] }));

interface PathEditorProps {
  /** The path to change; null: a new one. */
  path: ApprovalPath | null;
  /** The managers and admins the steps may name. */
  people: readonly Approver[];
  onSaved: (path: ApprovalPath) => void;
  onCancel: () => void;
}

/**
 * A path's name and its ordered steps, each with who answers (the manager, the manager's manager,
 * the admins or named managers and admins), any one or all of them, the length of request it
 * applies to, its reminder and escalation, and whether it is skipped when the requester is its
 * only approver. The server checks it and names each field it refuses (`steps[0].people`).
 */
export function PathEditor({ path, people, onSaved, onCancel }: PathEditorProps) {
  const save = useSavePath();
  const [start] = useState<PathDraft>(() => pathDraft(path));
  const [draft, setDraft] = useState<PathDraft>(start);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  useDiscardGuard(() => draftChanged(start, draft));
  const choices = approverChoices(people);

  /** A change of the steps' order or number: the server's errors named steps by their old places. */
  const setSteps = (steps: StepDraft[]) => {
    setErrors({});
    setDraft((current) => ({ ...current, steps }));
  };
  const setStep = (index: number, change: Partial<StepDraft>) =>
    setDraft((current) => ({ ...current, steps: current.steps.map((step, i) => (i === index ? { ...step, ...change } : step)) }));

  return (
    <form
      noValidate
      aria-label="Approval path"
      onSubmit={(event) => {
        event.preventDefault();
        setMessage(null);
        save.mutate(pathBody(draft), {
          onSuccess: (saved) => {
            setErrors({});
            onSaved(saved);
          },
          onError: (err) => {
            const failure = formFailure(err, pathFields(draft.steps.length), { useServerMessage: true });
            setErrors(failure.fieldErrors);
            setMessage(failure.message ? `Sorry ${failure.message}` : null);
          },
        });
      }}
    >
      <Stack gap="md">
        {message ? <FormAlert>{message}</FormAlert> : null}
        <TextInput
          label="Name"
          description='Such as "Long vacations" or "Sick time".'
          required
          autoComplete="off"
          maxLength={100}
          data-autofocus
          value={draft.name}
          onChange={(event) => {
            const name = event.currentTarget.value;
            setDraft((current) => ({ ...current, name }));
          }}
          error={errors.name}
        />
        <Title order={3} fz="md">
          Steps
        </Title>
        <Text size="sm" c="dimmed">
          A request goes through the steps in order; each step waits for its approvers before the next one starts.
        </Text>
        {errors.steps ? (
          <Text size="sm" c="red.8" role="alert" data-testid="steps-error">
            {errors.steps}
          </Text>
        ) : null}
        {draft.steps.map((step, index) => (
          <StepFields
            key={step.key}
            step={step}
            index={index}
            count={draft.steps.length}
            choices={choices}
            errors={errors}
            onChange={(change) => setStep(index, change)}
            onMove={(by) => setSteps(moveStep(draft.steps, index, by))}
            onRemove={() => setSteps(draft.steps.filter((_, i) => i !== index))}
          />
        ))}
        <Group>
          <Button variant="light" onClick={() => setSteps([...draft.steps, blankStep(draft.steps.length === 0 ? 'manager' : 'admins')])}>
            Add step
          </Button>
        </Group>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save path
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface StepFieldsProps {
  step: StepDraft;
  index: number;
  count: number;
  choices: { value: string; label: string }[];
  errors: Record<string, string>;
  onChange: (change: Partial<StepDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** One step's fields, titled 'Step N', with its place in the order and its removal. */
function StepFields({ step, index, count, choices, errors, onChange, onMove, onRemove }: StepFieldsProps) {
  const number = index + 1;
  const error = (field: StepField) => errors[stepFieldKey(index, field)];
  const stepError = errors[`steps[${index}]`];
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={`Step ${number}`} data-testid="path-step">
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="xs">
          <Text fw={700}>
            Step {number}
          </Text>
          <Group gap={4}>
            <Button size="compact-sm" variant="subtle" disabled={index === 0} onClick={() => onMove(-1)} aria-label={`Move step ${number} up`}>
              Up
            </Button>
            <Button size="compact-sm" variant="subtle" disabled={index === count - 1} onClick={() => onMove(1)} aria-label={`Move step ${number} down`}>
              Down
            </Button>
            <Button size="compact-sm" variant="outline" color="red.9" onClick={onRemove} aria-label={`Remove step ${number}`}>
              Remove
            </Button>
          </Group>
        </Group>
        {stepError ? (
          <Text size="sm" c="red.8" role="alert">
            {stepError}
          </Text>
        ) : null}
        <Select
          label="Who answers"
          data={APPROVERS_CHOICES}
          value={step.approvers}
          onChange={(value) => onChange({ approvers: (value ?? 'manager') as Approvers })}
          allowDeselect={false}
          error={error('approvers')}
          comboboxProps={{ withinPortal: true }}
        />
        {step.approvers === 'people' ? (
          <MultiSelect
            label="Managers and admins"
            placeholder={step.people.length === 0 ? 'Choose people' : undefined}
            searchable
            data={choices}
            value={step.people}
            onChange={(people) => onChange({ people })}
            nothingFoundMessage="Nobody by that name"
            error={error('people')}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        <Radio.Group label="Who must approve" value={step.mode} onChange={(value) => onChange({ mode: value as Mode })} error={error('mode')}>
          <Group gap="lg" mt={4}>
            {MODES.map((mode) => (
              <Radio key={mode} value={mode} label={MODE_LABELS[mode]} />
            ))}
          </Group>
        </Radio.Group>
        <NumberInput
          label="Only when longer than (hours)"
          description="Empty: every request goes through this step."
          allowNegative={false}
          allowDecimal={false}
          value={step.longerThanHours}
          onChange={(value) => onChange({ longerThanHours: value })}
          error={error('longerThanHours')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            label="Remind after (hours)"
            description="1 to 720 hours. Empty: no reminder."
            allowNegative={false}
            allowDecimal={false}
            value={step.remindAfterHours}
            onChange={(value) => onChange({ remindAfterHours: value })}
            error={error('remindAfterHours')}
          />
          <NumberInput
            label="Escalate after (hours)"
            description="1 to 720 hours. Empty: no escalation."
            allowNegative={false}
            allowDecimal={false}
            value={step.escalateAfterHours}
            onChange={(value) => onChange({ escalateAfterHours: value })}
            error={error('escalateAfterHours')}
          />
        </SimpleGrid>
        <Select
          label="Escalate to"
          data={ESCALATE_TO_CHOICES}
          value={step.escalateTo}
          onChange={(value) => onChange({ escalateTo: (value ?? 'next_level') as EscalateTo })}
          allowDeselect={false}
          error={error('escalateTo')}
          comboboxProps={{ withinPortal: true }}
        />
        {step.escalateTo === 'people' ? (
          <MultiSelect
            label="Escalate to these managers and admins"
            placeholder={step.escalatePeople.length === 0 ? 'Choose people' : undefined}
            searchable
            data={choices}
            value={step.escalatePeople}
            onChange={(escalatePeople) => onChange({ escalatePeople })}
            nothingFoundMessage="Nobody by that name"
            error={error('escalatePeople')}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        <Switch
          label="Skip this step when the requester is its only approver"
          checked={step.skipWhenOnlyRequester}
          onChange={(event) => onChange({ skipWhenOnlyRequester: event.currentTarget.checked })}
          error={error('skipWhenOnlyRequester')}
        />
      </Stack>
    </Paper>
  );
}
