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
const FIELDS = ['dayStartAt', 'mobileClockInDisabled', 'payCycle', 'payCycleAnchor', 'weeklyOvertimeMinutes', 'positionRetentionDays', 'maxShiftMinutes'] as const;
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
const PAY_CYCLES = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'biweekly', label: 'Every two weeks' },
  { value: 'semimonthly', label: 'Twice a month' },
  { value: 'monthly', label: 'Monthly' },
];

/**
 * Settings, 'Time & Overtime': when the clock opens, phones, the pay cycle, the weekly overtime
 * threshold (shown in hours, kept in minutes) and how long the positions of presses are kept
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
        save.mutate({ ...values, positionRetentionDays }, {
          onSuccess: () => setMessage(TIME_SETTINGS_SAVED),
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
