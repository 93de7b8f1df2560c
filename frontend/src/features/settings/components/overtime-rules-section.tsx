import { Anchor, Button, Divider, Group, List, Loader, NumberInput, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { formatClockTime, WEEKDAY_NAMES } from '@/lib/company-time';
import { DISPLAY_DATE_FORMAT, displayDate, isoDateIn, parseTypedDate } from '@/lib/dates';
import { formFailure, serverMessage } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { useSettingsData } from '@/lib/settings-data';
import {
  CUSTOM_JURISDICTION,
  useOvertimeRules,
  useUpdateOvertimeRules,
  type OvertimeRules,
  type OvertimeRulesChange,
  type OvertimeVersion,
  type RuleSet,
} from '../api/overtime-rules';
import { useUpdateOvertimeAlertEmails } from '../api/update-time-settings';

export const OVERTIME_RULES_SAVED = 'The overtime rules have been saved.';
export const CUSTOM_RULES_LABEL = 'Company rules (custom)';
export const NO_OVERTIME_VERSIONS = 'Weekly overtime from the time settings applies (federal rule).';
export const OVERTIME_RULES_FAILED = 'The overtime rules could not be loaded.';
export const OVERTIME_EMAILS_LABEL = 'E-mail managers when someone is in overtime or will be by their usual end';
export const OVERTIME_EMAILS_ON = 'Overtime e-mails are on.';
export const OVERTIME_EMAILS_OFF = 'Overtime e-mails are off.';
const CUSTOM_SUMMARY = "Your company's own thresholds: overtime after the hours set below, paid at the multipliers set below.";

const FIELDS = [
  'effectiveFrom',
  'jurisdiction',
  'workweekFirstDay',
  'workdayStartHour',
  'weeklyMinutes',
  'dailyOvertimeMinutes',
  'dailyDoubleMinutes',
  'overtimePercent',
  'doublePercent',
] as const;

const WEEKDAY_OPTIONS = WEEKDAY_NAMES.map((name, day) => ({ value: String(day), label: name }));

/** '12:00 AM' of an hour 0–23, as the app shows times of day. */
export const hourLabel = (hour: number): string => formatClockTime(`${String(hour).padStart(2, '0')}:00`);
const HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: hourLabel(hour) }));

/** The day a version applies from: none (or a year before 1900) is "since always" (the default rules). */
const isAlways = (isoDate: string): boolean => {
  const match = /^(-?\d+)-/.exec(isoDate.trim());
  return !match || Number(match[1]) < 1900;
};

/** A rule set's name, 'Company rules (custom)' for the company's own figures, the id for one no longer offered. */
export function ruleSetName(jurisdiction: string, ruleSets: readonly RuleSet[]): string {
  if (jurisdiction === CUSTOM_JURISDICTION) return CUSTOM_RULES_LABEL;
  return ruleSets.find((set) => set.id === jurisdiction)?.name ?? jurisdiction;
}

/** 'From 11/01/2026: California (week from Sunday, workday from 12:00 AM)'. */
export function versionText(version: OvertimeVersion, ruleSets: readonly RuleSet[]): string {
  const when = isAlways(version.effectiveFrom) ? 'Always' : `From ${displayDate(version.effectiveFrom)}`;
  const weekday = WEEKDAY_NAMES[version.workweekFirstDay] ?? WEEKDAY_NAMES[0];
  return `${when}: ${ruleSetName(version.jurisdiction, ruleSets)} (week from ${weekday}, workday from ${hourLabel(version.workdayStartHour)})`;
}

type Amount = number | string;

interface FormValues {
  effectiveFrom: string;
  jurisdiction: string;
  workweekFirstDay: string;
  workdayStartHour: string;
  /** Hours; empty: none. */
  weeklyHours: Amount;
  dailyHours: Amount;
  doubleHours: Amount;
  /** 1.5 for 150 %. */
  overtimeMultiplier: Amount;
  doubleMultiplier: Amount;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;
const hoursOf = (minutes: number | null): Amount => (minutes === null ? '' : round2(minutes / 60));
const isEmpty = (value: Amount): boolean => value === '' || Number.isNaN(Number(value));
const minutesOf = (hours: Amount): number | null => (isEmpty(hours) ? null : Math.round(Number(hours) * 60));

function initialValues(current: OvertimeVersion, today: string): FormValues {
  const custom = current.jurisdiction === CUSTOM_JURISDICTION;
  return {
    effectiveFrom: today,
    jurisdiction: current.jurisdiction,
    workweekFirstDay: String(current.workweekFirstDay),
    workdayStartHour: String(current.workdayStartHour),
    // A company switching from a jurisdiction's rules to its own starts from the federal 40 hours.
    weeklyHours: custom ? hoursOf(current.weeklyMinutes) : (hoursOf(current.weeklyMinutes) || 40),
    dailyHours: hoursOf(current.dailyOvertimeMinutes),
    doubleHours: hoursOf(current.dailyDoubleMinutes),
    overtimeMultiplier: round2(current.overtimePercent / 100),
    doubleMultiplier: round2(current.doublePercent / 100),
  };
}

/** The post of the form: the custom figures in minutes and percents, and only for `custom`. */
export function changeOf(values: FormValues): OvertimeRulesChange {
  const change: OvertimeRulesChange = {
    effectiveFrom: values.effectiveFrom,
    jurisdiction: values.jurisdiction,
    workweekFirstDay: Number(values.workweekFirstDay),
    workdayStartHour: Number(values.workdayStartHour),
  };
  if (values.jurisdiction !== CUSTOM_JURISDICTION) return change;
  change.weeklyMinutes = minutesOf(values.weeklyHours);
  change.dailyOvertimeMinutes = minutesOf(values.dailyHours);
  change.dailyDoubleMinutes = minutesOf(values.doubleHours);
  if (!isEmpty(values.overtimeMultiplier)) change.overtimePercent = Math.round(Number(values.overtimeMultiplier) * 100);
  if (!isEmpty(values.doubleMultiplier)) change.doublePercent = Math.round(Number(values.doubleMultiplier) * 100);
  return change;
}

/**
 * Settings, 'Time & Overtime', the overtime rules by jurisdiction (issue 37): a rule set of the
 * law (federal, California, …) or the company's own figures, the workweek's first day and the
 * workday's start hour, from a date on; and the versions chosen so far; and whether managers are
 * mailed about overtime (saved at once, apart from the rules). Admins change them; managers see them.
 */
export function OvertimeRulesSection({ canEdit }: { canEdit: boolean }) {
  const rules = useOvertimeRules();
  const today = isoDateIn(new Date(), useSession()?.identity.timezone);
  return (
    <Stack gap="md" data-testid="overtime-rules">
      <Title order={3} fz="lg">
        Overtime rules by jurisdiction
      </Title>
      <OvertimeAlertEmails canEdit={canEdit} />
      {rules.isPending ? (
        <Loader size="sm" aria-label="Loading the overtime rules" />
      ) : rules.isError ? (
        <FormAlert>{OVERTIME_RULES_FAILED}</FormAlert>
      ) : (
        <>
          <OvertimeRulesForm data={rules.data} today={today} canEdit={canEdit} />
          <OvertimeHistory data={rules.data} />
        </>
      )}
    </Stack>
  );
}

/**
 * The overtime e-mails of the time settings (GET /settings/data): a switch that saves on its own at
 * once (POST /settings/update {overtimeAlertEmails}), not with the rules' Save. It shows the change
 * while it is sent, then the settings the server answers: a refusal leaves it as it was.
 */
function OvertimeAlertEmails({ canEdit }: { canEdit: boolean }) {
  const data = useSettingsData();
  const save = useUpdateOvertimeAlertEmails();
  const [message, setMessage] = useState<{ saved: boolean; text: string } | null>(null);
  // The time settings above say when they could not be loaded.
  if (!data.isSuccess) return null;
  const checked = (save.isPending ? save.variables : undefined) ?? data.data.settings.overtimeAlertEmails;
  return (
    <Stack gap="xs" maw={520}>
      <Switch
        label={OVERTIME_EMAILS_LABEL}
        description="Each person's manager is mailed, or the company's admins for someone without one. Saved at once."
        data-testid="overtime-alert-emails"
        disabled={!canEdit || save.isPending}
        checked={checked}
        onChange={(event) => {
          setMessage(null);
          save.mutate(event.currentTarget.checked, {
            onSuccess: (answer) => setMessage({ saved: true, text: answer.settings.overtimeAlertEmails ? OVERTIME_EMAILS_ON : OVERTIME_EMAILS_OFF }),
            onError: (err) => {
              const failure = formFailure(err, [], { useServerMessage: true });
              setMessage({ saved: false, text: `Sorry ${failure.message ?? serverMessage(err)}` });
            },
          });
        }}
      />
      {message ? <FormAlert color={message.saved ? 'green' : 'red'}>{message.text}</FormAlert> : null}
    </Stack>
  );
}

function RuleSetNotes({ ruleSet }: { ruleSet: RuleSet | null }) {
  if (!ruleSet) {
    return (
      <Text size="sm" c="dimmed" data-testid="overtime-summary">
        {CUSTOM_SUMMARY}
      </Text>
    );
  }
  const source = ruleSet.sources[0];
  return (
    <Stack gap={4}>
      {ruleSet.summary ? (
        <Text size="sm" data-testid="overtime-summary">
          {ruleSet.summary}
        </Text>
      ) : null}
      {ruleSet.citation ? (
        <Text size="sm" c="dimmed" data-testid="overtime-citation">
          Citation: {ruleSet.citation}
        </Text>
      ) : null}
      {source ? (
        <Anchor href={source} target="_blank" rel="noreferrer" size="sm" data-testid="overtime-source">
          Read the source
        </Anchor>
      ) : null}
    </Stack>
  );
}

function OvertimeRulesForm({ data, today, canEdit }: { data: OvertimeRules; today: string; canEdit: boolean }) {
  const save = useUpdateOvertimeRules();
  const [values, setValues] = useState<FormValues>(() => initialValues(data.current, today));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setMessage(null);
  };

  const options = data.ruleSets.map((rules) => ({ value: rules.id, label: rules.name }));
  if (values.jurisdiction !== CUSTOM_JURISDICTION && !data.ruleSets.some((rules) => rules.id === values.jurisdiction)) {
    options.push({ value: values.jurisdiction, label: values.jurisdiction });
  }
  options.push({ value: CUSTOM_JURISDICTION, label: CUSTOM_RULES_LABEL });
  const custom = values.jurisdiction === CUSTOM_JURISDICTION;
  const ruleSet = custom ? null : (data.ruleSets.find((rules) => rules.id === values.jurisdiction) ?? null);

  return (
    <form
      noValidate
      aria-label="Overtime rules by jurisdiction"
      onSubmit={(event) => {
        event.preventDefault();
        setErrors({});
        setMessage(null);
        save.mutate(changeOf(values), {
          onSuccess: () => setMessage(OVERTIME_RULES_SAVED),
          onError: (err) => {
            const failure = formFailure(err, FIELDS, { useServerMessage: true });
            setErrors(failure.fieldErrors);
            if (failure.message) setMessage(`Sorry ${failure.message}`);
          },
        });
      }}
    >
      <Stack gap="md" maw={520}>
        {message === OVERTIME_RULES_SAVED ? <FormAlert color="green">{message}</FormAlert> : null}
        {message && message !== OVERTIME_RULES_SAVED ? <FormAlert>{message}</FormAlert> : null}
        <Select
          label="Overtime rules"
          data={options}
          readOnly={!canEdit}
          allowDeselect={false}
          value={values.jurisdiction}
          onChange={(value) => set('jurisdiction', value ?? values.jurisdiction)}
          error={errors.jurisdiction}
        />
        <RuleSetNotes ruleSet={ruleSet} />
        {custom ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NumberInput
              label="Weekly overtime after (hours)"
              description="Empty: no weekly overtime"
              min={1}
              max={168}
              decimalScale={2}
              readOnly={!canEdit}
              value={values.weeklyHours}
              onChange={(value) => set('weeklyHours', value)}
              error={errors.weeklyMinutes}
            />
            <NumberInput
              label="Daily overtime after (hours)"
              description="Empty: no daily overtime"
              min={1}
              max={24}
              decimalScale={2}
              readOnly={!canEdit}
              value={values.dailyHours}
              onChange={(value) => set('dailyHours', value)}
              error={errors.dailyOvertimeMinutes}
            />
            <NumberInput
              label="Daily double time after (hours)"
              description="Empty: no double time"
              min={1}
              max={24}
              decimalScale={2}
              readOnly={!canEdit}
              value={values.doubleHours}
              onChange={(value) => set('doubleHours', value)}
              error={errors.dailyDoubleMinutes}
            />
            <div />
            <NumberInput
              label="Overtime multiplier"
              description="1.5: time and a half"
              min={1}
              max={3}
              step={0.25}
              decimalScale={2}
              readOnly={!canEdit}
              value={values.overtimeMultiplier}
              onChange={(value) => set('overtimeMultiplier', value)}
              error={errors.overtimePercent}
            />
            <NumberInput
              label="Double-time multiplier"
              description="2: double pay"
              min={1}
              max={3}
              step={0.25}
              decimalScale={2}
              readOnly={!canEdit}
              value={values.doubleMultiplier}
              onChange={(value) => set('doubleMultiplier', value)}
              error={errors.doublePercent}
            />
          </SimpleGrid>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Workweek starts on"
            data={WEEKDAY_OPTIONS}
            readOnly={!canEdit}
            allowDeselect={false}
            value={values.workweekFirstDay}
            onChange={(value) => set('workweekFirstDay', value ?? values.workweekFirstDay)}
            error={errors.workweekFirstDay}
          />
          <Select
            label="Workday starts at"
            data={HOUR_OPTIONS}
            readOnly={!canEdit}
            allowDeselect={false}
            value={values.workdayStartHour}
            onChange={(value) => set('workdayStartHour', value ?? values.workdayStartHour)}
            error={errors.workdayStartHour}
          />
        </SimpleGrid>
        <DateInput
          label="Applies from"
          description="Earlier weeks keep the rules they were worked under."
          placeholder={DISPLAY_DATE_FORMAT}
          valueFormat={DISPLAY_DATE_FORMAT}
          dateParser={parseTypedDate}
          readOnly={!canEdit}
          value={values.effectiveFrom || null}
          onChange={(value) => set('effectiveFrom', value ?? '')}
          error={errors.effectiveFrom}
          popoverProps={{ withinPortal: true }}
        />
        {canEdit ? (
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save overtime rules
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}

/** The versions chosen so far, newest first; none: the time settings' weekly threshold. */
function OvertimeHistory({ data }: { data: OvertimeRules }) {
  const versions = [...data.versions].reverse();
  return (
    <Stack gap="xs" maw={520}>
      <Divider />
      <Title order={4} fz="md">
        History
      </Title>
      {versions.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="overtime-no-versions">
          {NO_OVERTIME_VERSIONS}
        </Text>
      ) : (
        <List size="sm" spacing={4} aria-label="History of the overtime rules">
          {versions.map((version) => (
            <List.Item key={version.effectiveFrom} data-testid="overtime-version">
              {versionText(version, data.ruleSets)}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
