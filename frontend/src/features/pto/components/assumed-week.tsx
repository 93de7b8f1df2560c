import { Button, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { formFailure } from '@/lib/form-errors';
import { ASSUMED_HOURS_MESSAGE, useSaveAssumedWeek, type EmployeePto } from '../api/employee-pto';

/** The hours a week an assumed week starts at when it is switched on. */
export const DEFAULT_ASSUMED_HOURS = 40;
export const ASSUMED_WEEK_LABEL = 'Accrues on an assumed week (exempt from overtime)';
export const ASSUMED_WEEK_HELP = "Paid sick leave accrued per hour worked counts these hours, spread over the weekdays, instead of the clock's hours.";
export const ASSUMED_WEEK_SAVED = 'The assumed week has been saved.';

interface Values {
  on: boolean;
  /** NumberInput's value: a number, or '' while empty. */
  hours: number | string;
}

const valuesOf = (assumed: number | null | undefined): Values => ({ on: assumed != null, hours: assumed ?? DEFAULT_ASSUMED_HOURS });

/**
 * 'Exempt from overtime' in the folder's PTO card (admins, for others): someone exempt from
 * overtime accrues per-hour-worked leave on an assumed week (1 to 40 hours) instead of the clock's
 * hours. Switched off and saved, hours worked count again (`weeklyHours: ''`).
 */
export function AssumedWeekForm({ pto }: { pto: EmployeePto }) {
  const save = useSaveAssumedWeek(pto.employeeId);
  const [values, setValues] = useState<Values>(() => valuesOf(pto.assumedWeeklyHours));
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const change = (next: Partial<Values>) => {
    setValues((previous) => ({ ...previous, ...next }));
    setError(null);
    setMessage(null);
  };

  return (
    <form
      noValidate
      aria-label="Exempt from overtime"
      data-testid="assumed-week"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        setMessage(null);
        if (values.on && values.hours === '') {
          setError(ASSUMED_HOURS_MESSAGE);
          return;
        }
        save.mutate(
          { employeeId: pto.employeeId, weeklyHours: values.on ? Number(values.hours) : '' },
          {
            onSuccess: (saved) => {
              setValues(valuesOf(saved.assumedWeeklyHours));
              setMessage(ASSUMED_WEEK_SAVED);
            },
            onError: (err) => {
              const failure = formFailure(err, ['weeklyHours'], { useServerMessage: true });
              if (failure.fieldErrors.weeklyHours) setError(failure.fieldErrors.weeklyHours);
              if (failure.message) setMessage(`Sorry ${failure.message}`);
            },
          },
        );
      }}
    >
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Exempt from overtime
        </Text>
        <Switch label={ASSUMED_WEEK_LABEL} checked={values.on} onChange={(event) => change({ on: event.currentTarget.checked })} />
        {values.on ? (
          <NumberInput
            label="Hours a week"
            min={1}
            max={40}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            w={140}
            value={values.hours}
            onChange={(hours) => change({ hours })}
            error={error}
          />
        ) : error ? (
          <FormAlert>{error}</FormAlert>
        ) : null}
        <Text size="xs" c="dimmed">
          {ASSUMED_WEEK_HELP}
        </Text>
        {message === ASSUMED_WEEK_SAVED ? <FormAlert color="green">{message}</FormAlert> : message ? <FormAlert>{message}</FormAlert> : null}
        <Group>
          <Button type="submit" size="xs" variant="light" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
