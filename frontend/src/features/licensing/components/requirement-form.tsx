import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { addDays } from '@/lib/company-time';
import { formatHours, REQUIREMENT_FIELDS, requirementBody, saveFailure, validateRequirement, type RequirementValues } from '../api/forms';
import { useSaveRequirement } from '../api/folder';
import type { Licence, Requirement, StateRule } from '../api/schemas';
import { stateName } from '../api/states';
import { DateField } from './date-field';

/** A new requirement's cycle: after the licence's last one (else from its issue), due when it expires. */
export function newRequirementValues(licence: Licence): RequirementValues {
  const last = [...licence.requirements].sort((a, b) => b.dueOn.localeCompare(a.dueOn))[0];
  const cycleStart = last ? addDays(last.dueOn, 1) : licence.issuedOn;
  return { cycleStart, dueOn: licence.expiresOn >= cycleStart ? licence.expiresOn : '', hoursTotal: '', hoursEthics: '' };
}

const valuesOf = (requirement: Requirement): RequirementValues => ({
  cycleStart: requirement.cycleStart,
  dueOn: requirement.dueOn,
  hoursTotal: formatHours(requirement.hoursTotal),
  hoursEthics: formatHours(requirement.hoursEthics),
});

interface RequirementFormProps {
  employeeId: number;
  licence: Licence;
  /** The state's rule: its hours, when left empty (null: the state has none, the hours must be given). */
  rule: StateRule | null;
  requirement: Requirement | null;
  onDone: () => void;
}

/**
 * Add or change a licence cycle's CE requirement. The hours may be left empty: the server takes
 * the state's rule (shown as the fields' placeholders); a state without a rule needs them.
 */
export function RequirementForm({ employeeId, licence, rule, requirement, onDone }: RequirementFormProps) {
  const save = useSaveRequirement(employeeId);
  const [message, setMessage] = useState<string | null>(null);
  const ruleHours = rule?.hoursTotal ?? null;
  const form = useForm<RequirementValues>({
    mode: 'controlled',
    initialValues: requirement ? valuesOf(requirement) : newRequirementValues(licence),
    validate: (values) => validateRequirement(values, ruleHours),
  });
  useDiscardGuard(() => form.isDirty());
  const ruleName = rule?.name || stateName(licence.state);
  const fromRule = ruleHours === null ? undefined : `Left empty: ${ruleName}'s rule.`;

  return (
    <form
      noValidate
      aria-label={requirement ? 'Edit CE requirement' : 'Add CE requirement'}
      onSubmit={form.onSubmit((values) => {
        setMessage(null);
        save.mutate(requirementBody(licence.id, values, requirement?.id), {
          onSuccess: () => {
            notifications.show({ color: 'green', message: 'The CE requirement has been saved.' });
            onDone();
          },
          onError: (error) => {
            const failure = saveFailure(error, REQUIREMENT_FIELDS);
            form.setErrors(failure.fieldErrors);
            setMessage(failure.message);
          },
        });
      })}
    >
      <Stack gap="sm">
        {message ? <FormAlert>{message}</FormAlert> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateField label="Cycle starts" required value={form.values.cycleStart} onChange={(v) => form.setFieldValue('cycleStart', v)} error={form.errors.cycleStart} />
          <DateField
            label="Due"
            required
            value={form.values.dueOn}
            onChange={(v) => form.setFieldValue('dueOn', v)}
            error={form.errors.dueOn}
            minDate={form.values.cycleStart}
          />
          <TextInput
            label="Total hours"
            required={ruleHours === null}
            inputMode="decimal"
            autoComplete="off"
            placeholder={ruleHours === null ? undefined : formatHours(ruleHours)}
            description={fromRule ?? `${ruleName} has no rule: give the hours.`}
            {...form.getInputProps('hoursTotal')}
          />
          <TextInput
            label="Ethics hours"
            inputMode="decimal"
            autoComplete="off"
            placeholder={rule?.hoursEthics === null || rule?.hoursEthics === undefined ? undefined : formatHours(rule.hoursEthics)}
            description={fromRule}
            {...form.getInputProps('hoursEthics')}
          />
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
