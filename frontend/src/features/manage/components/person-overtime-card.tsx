import { Button, Card, Checkbox, Divider, Group, List, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { DISPLAY_DATE_FORMAT, displayDate, isoDateIn, parseTypedDate } from '@/lib/dates';
import { formFailure } from '@/lib/form-errors';
import { useOvertimeRules, type RuleSet } from '@/lib/overtime-rules';
import {
  NEVADA,
  usePersonOvertime,
  useUpdatePersonOvertime,
  type PersonOvertimeChange,
  type PersonOvertimeVersion,
} from '../api/person-overtime';

export const PERSON_OVERTIME_SAVED = "The person's overtime rules have been saved.";
export const PERSON_OVERTIME_FAILED = "The person's overtime rules could not be loaded.";
export const COMPANY_RULES = 'Company rules';
export const WAGE_LINE_NOW = "Paid under Nevada's daily-overtime wage line";
export const FOUR_TENS_NOW = 'On an agreed 4×10 schedule';
export const WAGE_LINE_LABEL = "Paid under Nevada's daily-overtime wage line (1.5× the state minimum wage)";
export const FOUR_TENS_LABEL = 'On an agreed 4×10 schedule (Nevada)';

/** The Select's value of the company's rules (sent as `null`). */
const COMPANY_VALUE = '';

const FIELDS = ['effectiveFrom', 'jurisdiction', 'underWageLine', 'fourTens'] as const;

/** A rule set's name; the id of one no longer offered. */
const nameOf = (jurisdiction: string, ruleSets: readonly RuleSet[]): string =>
  ruleSets.find((set) => set.id === jurisdiction)?.name ?? jurisdiction;

/** The version in force on `today` (versions oldest first); null: the company's rules. */
export function versionOn(versions: readonly PersonOvertimeVersion[], today: string): PersonOvertimeVersion | null {
  let current: PersonOvertimeVersion | null = null;
  for (const version of versions) {
    if (version.effectiveFrom <= today) current = version;
  }
  return current;
}

/** 'Company rules', or 'California rules (works in another state)'. */
export function currentRulesText(version: PersonOvertimeVersion | null, ruleSets: readonly RuleSet[]): string {
  if (!version?.jurisdiction) return COMPANY_RULES;
  return `${nameOf(version.jurisdiction, ruleSets)} rules (works in another state)`;
}

/** 'From 10/12/2026: Nevada, under the wage line, 4×10' or 'From 10/12/2026: Company rules'. */
export function personVersionText(version: PersonOvertimeVersion, ruleSets: readonly RuleSet[]): string {
  const rules = version.jurisdiction ? nameOf(version.jurisdiction, ruleSets) : COMPANY_RULES;
  const wageLine = version.underWageLine ? ', under the wage line' : '';
  const fourTens = version.fourTens ? ', 4×10' : '';
  return `From ${displayDate(version.effectiveFrom)}: ${rules}${wageLine}${fourTens}`;
}

interface FormValues {
  effectiveFrom: string;
  /** A rule set's id, or '' for the company's rules. */
  jurisdiction: string;
  underWageLine: boolean;
  fourTens: boolean;
}

/** The post of the form: `null` for the company's rules, Nevada's two facts only for Nevada. */
export function personChangeOf(employeeId: number, values: FormValues): PersonOvertimeChange {
  const nevada = values.jurisdiction === NEVADA;
  return {
    employeeId,
    effectiveFrom: values.effectiveFrom,
    jurisdiction: values.jurisdiction === COMPANY_VALUE ? null : values.jurisdiction,
    underWageLine: nevada && values.underWageLine,
    fourTens: nevada && values.fourTens,
  };
}

/**
 * The employee folder's 'Overtime rules' card (issue 37): the rules the person works under today
 * (the company's, or another state's for someone who works there, with Nevada's wage line and
 * 4×10 schedule), the versions so far, and for admins a form that sets new rules from a date on.
 * Managers see the rules only.
 */
export function PersonOvertimeCard({ employeeId, canEdit, timeZone }: { employeeId: number; canEdit: boolean; timeZone: string }) {
  const person = usePersonOvertime(employeeId);
  const rules = useOvertimeRules();
  const today = isoDateIn(new Date(), timeZone);
  const failed = person.isError || rules.isError;

  return (
    <Card withBorder radius="md" p="lg" data-testid="person-overtime">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Overtime rules
        </Title>
        {failed ? (
          <FormAlert>{PERSON_OVERTIME_FAILED}</FormAlert>
        ) : person.isPending || rules.isPending ? (
          <Loader size="sm" aria-label="Loading the overtime rules" />
        ) : (
          <PersonOvertimeBody
            employeeId={employeeId}
            versions={person.data.versions}
            ruleSets={rules.data.ruleSets}
            today={today}
            canEdit={canEdit}
          />
        )}
      </Stack>
    </Card>
  );
}

function PersonOvertimeBody({
  employeeId,
  versions,
  ruleSets,
  today,
  canEdit,
}: {
  employeeId: number;
  versions: PersonOvertimeVersion[];
  ruleSets: RuleSet[];
  today: string;
  canEdit: boolean;
}) {
  const current = versionOn(versions, today);
  const newestFirst = [...versions].reverse();
  return (
    <>
      <Stack gap={2} data-testid="person-overtime-current">
        <Text size="sm" fw={600}>
          {currentRulesText(current, ruleSets)}
        </Text>
        {current?.underWageLine ? <Text size="sm">{WAGE_LINE_NOW}</Text> : null}
        {current?.fourTens ? <Text size="sm">{FOUR_TENS_NOW}</Text> : null}
      </Stack>
      {newestFirst.length > 0 ? (
        <List size="sm" spacing={4} aria-label="History of the person's overtime rules">
          {newestFirst.map((version) => (
            <List.Item key={version.effectiveFrom} data-testid="person-overtime-version">
              {personVersionText(version, ruleSets)}
            </List.Item>
          ))}
        </List>
      ) : null}
      {canEdit ? (
        <>
          <Divider />
          <PersonOvertimeForm employeeId={employeeId} current={current} ruleSets={ruleSets} today={today} />
        </>
      ) : null}
    </>
  );
}

function PersonOvertimeForm({
  employeeId,
  current,
  ruleSets,
  today,
}: {
  employeeId: number;
  current: PersonOvertimeVersion | null;
  ruleSets: RuleSet[];
  today: string;
}) {
  const save = useUpdatePersonOvertime(employeeId);
  const [values, setValues] = useState<FormValues>(() => ({
    effectiveFrom: today,
    jurisdiction: current?.jurisdiction ?? COMPANY_VALUE,
    underWageLine: current?.underWageLine ?? false,
    fourTens: current?.fourTens ?? false,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setMessage(null);
  };

  const options = [{ value: COMPANY_VALUE, label: COMPANY_RULES }, ...ruleSets.map((set) => ({ value: set.id, label: set.name }))];
  if (values.jurisdiction !== COMPANY_VALUE && !ruleSets.some((set) => set.id === values.jurisdiction)) {
    options.push({ value: values.jurisdiction, label: values.jurisdiction });
  }
  const nevada = values.jurisdiction === NEVADA;

  return (
    <form
      noValidate
      aria-label="The person's overtime rules"
      onSubmit={(event) => {
        event.preventDefault();
        setErrors({});
        setMessage(null);
        save.mutate(personChangeOf(employeeId, values), {
          onSuccess: () => setMessage(PERSON_OVERTIME_SAVED),
          onError: (err) => {
            const failure = formFailure(err, FIELDS, { useServerMessage: true });
            setErrors(failure.fieldErrors);
            if (failure.message) setMessage(`Sorry ${failure.message}`);
          },
        });
      }}
    >
      <Stack gap="sm">
        {message === PERSON_OVERTIME_SAVED ? <FormAlert color="green">{message}</FormAlert> : null}
        {message && message !== PERSON_OVERTIME_SAVED ? <FormAlert>{message}</FormAlert> : null}
        <Select
          label="Work-state rules"
          data={options}
          allowDeselect={false}
          value={values.jurisdiction}
          onChange={(value) => set('jurisdiction', value ?? values.jurisdiction)}
          error={errors.jurisdiction}
          comboboxProps={{ withinPortal: true }}
        />
        {nevada ? (
          <>
            <Checkbox
              label={WAGE_LINE_LABEL}
              checked={values.underWageLine}
              onChange={(event) => set('underWageLine', event.currentTarget.checked)}
              error={errors.underWageLine}
            />
            <Checkbox
              label={FOUR_TENS_LABEL}
              checked={values.fourTens}
              onChange={(event) => set('fourTens', event.currentTarget.checked)}
              error={errors.fourTens}
            />
          </>
        ) : null}
        <DateInput
          label="Applies from"
          description="Earlier weeks keep the rules they were worked under."
          placeholder={DISPLAY_DATE_FORMAT}
          valueFormat={DISPLAY_DATE_FORMAT}
          dateParser={parseTypedDate}
          value={values.effectiveFrom || null}
          onChange={(value) => set('effectiveFrom', value ?? '')}
          error={errors.effectiveFrom}
          popoverProps={{ withinPortal: true }}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save overtime rules
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
