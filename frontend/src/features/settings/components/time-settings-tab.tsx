import { Button, Checkbox, Divider, Group, Loader, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { DISPLAY_DATE_FORMAT, parseTypedDate } from '@/lib/dates';
import { formFailure } from '@/lib/form-errors';
import { useSettingsData, type TimeSettings } from '@/lib/settings-data';
import { useUpdateTimeSettings } from '../api/update-time-settings';
import { OvertimeRulesSection } from './overtime-rules-section';

export const TIME_SETTINGS_SAVED = 'The time settings have been saved.';
const FIELDS = [
  'dayStartAt',
  'mobileClockInDisabled',
  'payCycle',
  'payCycleAnchor',
  'weeklyOvertimeMinutes',
  'positionRetentionDays',
  'maxShiftMinutes',
  'autoLockDays',
  'endReminderMinutes',
] as const;
export const MAX_SHIFT_HELP =
  'A shift still open this long is closed at its last known activity and marked as a missed punch, for a manager to correct or accept.';
/** The days a press's position and network address may be kept (issue 40). */
export const RETENTION_MIN_DAYS = 1;
export const RETENTION_MAX_DAYS = 3650;
export const RETENTION_RANGE = `Please enter between ${RETENTION_MIN_DAYS} and ${RETENTION_MAX_DAYS} days`;
export const RETENTION_HELP = 'After this, only whether a press was inside its location is kept.';

/** The typed number of days, or null when it is not a whole number of days in range. */
const retentionDays = (value: number | string): number | null => {
  const days = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isInteger(days) && days >= RETENTION_MIN_DAYS && days <= RETENTION_MAX_DAYS ? days : null;
};
/** Closing pay periods by themselves, N days after they end (issue 40): 1–60 days; empty or 0 = by hand. */
export const AUTO_LOCK_LABEL = 'Close pay periods automatically (days after they end)';
export const AUTO_LOCK_HELP = 'Empty or 0: an admin closes each pay period by hand (Reports → Payroll file). At most 60 days.';
export const AUTO_LOCK_MAX_DAYS = 60;
/** Reminding a person still clocked in N minutes after their usual end (issue 40): 5–720 minutes; empty or 0 = off. */
export const END_REMINDER_LABEL = 'Remind people still clocked in after their usual end (minutes)';
export const END_REMINDER_HELP = 'Empty or 0: no reminder. Between 5 and 720 minutes.';
export const END_REMINDER_MAX_MINUTES = 720;

/** The issue-40 settings that may be off: a count, or null for off (the server sends null, and takes 0, for off). */
type OptionalCounts = { autoLockDays: number | null; endReminderMinutes: number | null };
const OPTIONAL_COUNTS = ['autoLockDays', 'endReminderMinutes'] as const;
type TypedCounts = Record<keyof OptionalCounts, number | string>;

/**
 * What the loaded settings say of them, as the field shows it ('' for off). A field the settings'
 * schema does not read is '' as well, and is then sent only once changed (below): a save never turns
 * off what it could not show.
 */
function typedCounts(settings: TimeSettings): TypedCounts {
  const raw = settings as Partial<Record<keyof OptionalCounts, unknown>>;
  const typed = (value: unknown): number | string => (typeof value === 'number' && value > 0 ? value : '');
  return { autoLockDays: typed(raw.autoLockDays), endReminderMinutes: typed(raw.endReminderMinutes) };
}

/** A typed count as sent: a whole number, 0 for empty (off). */
const countOf = (value: number | string): number => {
  const number = typeof value === 'number' ? value : value.trim() === '' ? 0 : Number(value);
  return Number.isFinite(number) ? Math.trunc(number) : 0;
};

const PAY_CYCLES = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'biweekly', label: 'Every two weeks' },
  { value: 'semimonthly', label: 'Twice a month' },
  { value: 'monthly', label: 'Monthly' },
];

/**
 * Settings, 'Time & Overtime': when the clock opens, phones, the pay cycle, the weekly overtime
 * threshold (shown in hours, kept in minutes), how long the positions of presses are kept, after
 * how many days pay periods close by themselves and when people still clocked in are reminded
 * (issue 40), then the overtime rules by jurisdiction (issue 37). Admins change them; managers see
 * them.
 */
export function TimeSettingsTab({ canEdit }: { canEdit: boolean }) {
  const data = useSettingsData();
  return (
    <Stack gap="xl">
      {data.isPending ? (
        <Loader />
      ) : data.isError ? (
        <FormAlert>The settings could not be loaded.</FormAlert>
      ) : (
        <TimeSettingsForm initial={data.data.settings} canEdit={canEdit} />
      )}
      <Divider />
      <OvertimeRulesSection canEdit={canEdit} />
    </Stack>
  );
}

function TimeSettingsForm({ initial, canEdit }: { initial: TimeSettings; canEdit: boolean }) {
  const save = useUpdateTimeSettings();
  const [values, setValues] = useState<TimeSettings>(initial);
  /** The retention as typed: the field may be empty while it is changed. */
  const [retention, setRetention] = useState<number | string>(initial.positionRetentionDays);
  /** The optional counts as typed, and as last loaded or saved (a count is sent once it differs). */
  const [counts, setCounts] = useState<TypedCounts>(() => typedCounts(initial));
  const [savedCounts, setSavedCounts] = useState<TypedCounts>(() => typedCounts(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const set = <K extends keyof TimeSettings>(key: K, value: TimeSettings[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setMessage(null);
  };
  return (
    <form
      noValidate
      aria-label="Time and overtime settings"
      onSubmit={(event) => {
        event.preventDefault();
        setErrors({});
        setMessage(null);
        const positionRetentionDays = retentionDays(retention);
        if (positionRetentionDays === null) {
          setErrors({ positionRetentionDays: RETENTION_RANGE });
          return;
        }
        // The optional counts go only once changed (0 for emptied: off); unchanged, the server keeps them.
        const settings: TimeSettings & Partial<OptionalCounts> = { ...values, positionRetentionDays };
        for (const key of OPTIONAL_COUNTS) {
          if (String(counts[key]).trim() !== String(savedCounts[key]).trim()) settings[key] = countOf(counts[key]);
          else delete settings[key];
        }
        save.mutate(settings, {
          onSuccess: () => {
            setSavedCounts(counts);
            setMessage(TIME_SETTINGS_SAVED);
          },
          onError: (err) => {
            const failure = formFailure(err, FIELDS, { useServerMessage: true });
            setErrors(failure.fieldErrors);
            if (failure.message) setMessage(`Sorry ${failure.message}`);
          },
        });
      }}
    >
      <Stack gap="md" maw={520}>
        {!canEdit ? <Text c="dimmed">Only a company admin can change these settings.</Text> : null}
        {message === TIME_SETTINGS_SAVED ? <FormAlert color="green">{message}</FormAlert> : null}
        {message && message !== TIME_SETTINGS_SAVED ? <FormAlert>{message}</FormAlert> : null}
        <NumberInput
          label="Overtime after (hours a week)"
          description="Time worked in a Sunday-to-Saturday week above this counts as overtime."
          min={1}
          max={168}
          decimalScale={2}
          readOnly={!canEdit}
          value={values.weeklyOvertimeMinutes / 60}
          onChange={(value) => set('weeklyOvertimeMinutes', Math.round(Number(value || 0) * 60))}
          error={errors.weeklyOvertimeMinutes}
        />
        <Select
          label="Pay cycle"
          data={PAY_CYCLES}
          readOnly={!canEdit}
          allowDeselect={false}
          value={values.payCycle}
          onChange={(value) => set('payCycle', value ?? values.payCycle)}
          error={errors.payCycle}
        />
        <DateInput
          label="A day the pay cycle starts on"
          placeholder={DISPLAY_DATE_FORMAT}
          valueFormat={DISPLAY_DATE_FORMAT}
          dateParser={parseTypedDate}
          readOnly={!canEdit}
          value={values.payCycleAnchor || null}
          onChange={(value) => set('payCycleAnchor', value ?? '')}
          error={errors.payCycleAnchor}
          popoverProps={{ withinPortal: true }}
        />
        <NumberInput
          label={AUTO_LOCK_LABEL}
          description={AUTO_LOCK_HELP}
          placeholder="By hand"
          min={0}
          max={AUTO_LOCK_MAX_DAYS}
          allowDecimal={false}
          allowNegative={false}
          readOnly={!canEdit}
          value={counts.autoLockDays}
          onChange={(value) => {
            setCounts((current) => ({ ...current, autoLockDays: value }));
            setMessage(null);
          }}
          error={errors.autoLockDays}
        />
        <TextInput
          label="Clock-in opens at"
          description="HH:mm in the company's time zone; empty: all day"
          readOnly={!canEdit}
          value={values.dayStartAt ?? ''}
          onChange={(event) => set('dayStartAt', event.currentTarget.value.trim() ? event.currentTarget.value : null)}
          error={errors.dayStartAt}
        />
        <Checkbox
          label="Do not allow clocking in from a phone"
          disabled={!canEdit}
          checked={values.mobileClockInDisabled}
          onChange={(event) => set('mobileClockInDisabled', event.currentTarget.checked)}
          error={errors.mobileClockInDisabled}
        />
        <NumberInput
          label="Close a forgotten shift after (hours)"
          description={MAX_SHIFT_HELP}
          min={4}
          max={24}
          decimalScale={2}
          readOnly={!canEdit}
          value={values.maxShiftMinutes / 60}
          onChange={(value) => set('maxShiftMinutes', Math.round(Number(value || 0) * 60))}
          error={errors.maxShiftMinutes}
        />
        <NumberInput
          label={END_REMINDER_LABEL}
          description={END_REMINDER_HELP}
          placeholder="Off"
          min={0}
          max={END_REMINDER_MAX_MINUTES}
          allowDecimal={false}
          allowNegative={false}
          readOnly={!canEdit}
          value={counts.endReminderMinutes}
          onChange={(value) => {
            setCounts((current) => ({ ...current, endReminderMinutes: value }));
            setMessage(null);
          }}
          error={errors.endReminderMinutes}
        />
        <NumberInput
          label="Keep press positions for (days)"
          description={RETENTION_HELP}
          min={RETENTION_MIN_DAYS}
          max={RETENTION_MAX_DAYS}
          allowDecimal={false}
          allowNegative={false}
          readOnly={!canEdit}
          value={retention}
          onChange={(value) => {
            setRetention(value);
            setMessage(null);
          }}
          error={errors.positionRetentionDays}
        />
        {canEdit ? (
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
