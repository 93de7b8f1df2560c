import { Button, Card, Checkbox, Group, Loader, Radio, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { formatIsoDate } from '@/lib/company-time';
import { formFailure } from '@/lib/form-errors';
import {
  emptyRequestForm,
  formFromRequest,
  REQUEST_FIELDS,
  requestFormErrors,
  requestFormWarnings,
  toRequestBody,
  withPartialDay,
  withStart,
  type RequestFormValues,
} from '../api/request-form';
import { useBalanceCheck, useSubmitTimeOff, type PtoRequest, type TimeOffType } from '../api/requests';

/** The balance check waits this long after the last change (a fresh change cancels the older check). */
export const BALANCE_CHECK_DELAY_MS = 300;

/** 'This request uses 16 hrs' (hours with up to two decimals). */
const usesText = (hourReqed: number): string => `This request uses ${Number(hourReqed.toFixed(2))} hrs`;

interface RequestFormProps {
  types: readonly TimeOffType[];
  /** The company's day: a start before it gets a warning. */
  today: string;
  /** 'On Behalf Of': the person the request is for, when not the caller. */
  employeeId: number | null;
  /** The pending request being edited, or null for a new one. */
  editing: PtoRequest | null;
  onStopEditing: () => void;
  /** A request was filed or changed; the screen shows the notice and starts a fresh form. */
  onSubmitted: () => void;
  /** 'Woohoo! …' after the last submit, until something changes. */
  notice: string | null;
  onChanged: () => void;
  /** 'Add Time Off' and Edit: once mounted, the form scrolls into view and its type select takes the focus. */
  focusOnMount?: boolean;
}

/**
 * 'Request Time Off' (spec 000 §5): the type, all day or partial day (the end date then follows the
 * start and is locked; 9:00 to 11:00), dates, times, 'Include Weekends' and a reason. Every change
 * of a complete form asks the server for the balance (debounced); submit is allowed for unpaid types,
 * or for a request that uses time and passes the check, and never while checking or sending.
 */
export function RequestForm({ types, today, employeeId, editing, onStopEditing, onSubmitted, notice, onChanged, focusOnMount = false }: RequestFormProps) {
  const submit = useSubmitTimeOff();
  const cardRef = useRef<HTMLDivElement>(null);
  const typeRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!focusOnMount) return;
    cardRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    typeRef.current?.focus({ preventScroll: true });
  }, [focusOnMount]);
  const [error, setError] = useState<string | null>(null);
  // The server's 'balance' message of the last submit; it and `error` stay until something changes.
  const [balanceRefusal, setBalanceRefusal] = useState<string | null>(null);
  const form = useForm<RequestFormValues>({
    mode: 'controlled',
    initialValues: editing ? formFromRequest(editing) : emptyRequestForm(),
    validate: (values) => requestFormErrors(values),
    onValuesChange: () => {
      setBalanceRefusal(null);
      setError(null);
      onChanged();
    },
  });
  const { values } = form;

  const ids = useMemo(() => ({ id: editing?.id, employeeId: employeeId ?? undefined }), [editing?.id, employeeId]);
  const bodyJson = useMemo(() => {
    const body = toRequestBody(values, ids);
    return body ? JSON.stringify(body) : null;
  }, [values, ids]);
  const [checkedJson] = useDebouncedValue(bodyJson, BALANCE_CHECK_DELAY_MS);
  const check = useBalanceCheck(checkedJson);
  const complete = bodyJson !== null;
  const validating = complete && (checkedJson !== bodyJson || check.isFetching);
  const result = complete && !validating && !check.isError ? check.data : undefined;
  const allowed = !complete || (result !== undefined && (result.payable === 0 || (result.minsReqed > 0 && result.pass)));

  // A 400 of the check names fields as /pto/request does: show them in place.
  const checkFailure = complete && !validating && check.error ? formFailure(check.error, REQUEST_FIELDS, { useServerMessage: true }) : null;
  const errorOf = (field: string): string | undefined => {
    const own = form.errors[field];
    if (own) return String(own);
    return checkFailure?.fieldErrors[field];
  };

  const warnings = requestFormWarnings(values, today);
  const typeOptions = types.map((type) => ({ value: String(type.id), label: type.name }));
  const balanceError = balanceRefusal ?? checkFailure?.fieldErrors.balance ?? null;

  return (
    <Card ref={cardRef} withBorder radius="md" p="lg" id="request-time-off" style={{ scrollMarginTop: 72 }} data-testid="request-card">
      <form
        noValidate
        aria-label="Request Time Off"
        data-testid="request-form"
        onSubmit={form.onSubmit((formValues) => {
          const body = toRequestBody(formValues, ids);
          if (!body) return;
          setError(null);
          submit.mutate(body, {
            onSuccess: () => onSubmitted(),
            onError: (err) => {
              const failure = formFailure(err, REQUEST_FIELDS, { useServerMessage: true });
              const { balance, ...fieldErrors } = failure.fieldErrors;
              form.setErrors(fieldErrors);
              setBalanceRefusal(balance ?? null);
              setError(failure.message);
            },
          });
        })}
      >
        <Stack gap="md">
          <Title order={2} fz="lg">
            Request Time Off
          </Title>
          {editing ? (
            <Group justify="space-between" gap="xs" data-testid="editing-request">
              <Text size="sm">
                Editing the {editing.typeName} request of {formatIsoDate(editing.startDate)}
              </Text>
              <Button size="xs" variant="default" onClick={onStopEditing}>
                Stop Editing
              </Button>
            </Group>
          ) : null}
          {notice ? <FormAlert color="green">{notice}</FormAlert> : null}

          <Select
            ref={typeRef}
            label="Time Off Type"
            placeholder="Choose a type"
            withAsterisk
            data={typeOptions}
            allowDeselect={false}
            {...form.getInputProps('ptoType')}
            error={errorOf('ptoType')}
          />

          <Radio.Group
            label="Duration"
            value={values.partialday ? 'partial' : 'all'}
            onChange={(next) => {
              form.setValues(withPartialDay(form.getValues(), next === 'partial'));
              form.clearFieldError('end');
            }}
          >
            <Group gap="lg" mt={4}>
              <Radio value="all" label="All Day" />
              <Radio value="partial" label="Partial Day" />
            </Group>
          </Radio.Group>

          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              type="date"
              label="Start Date"
              withAsterisk
              value={values.start}
              onChange={(event) => {
                form.setValues(withStart(form.getValues(), event.currentTarget.value));
                form.clearFieldError('start');
                form.clearFieldError('end');
              }}
              error={errorOf('start')}
            />
            <TextInput
              type="date"
              label="End Date"
              min={values.start || undefined}
              disabled={values.partialday}
              description={values.partialday ? 'A partial day ends on its start date.' : undefined}
              {...form.getInputProps('end')}
              error={errorOf('end')}
            />
          </SimpleGrid>

          {values.partialday ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TimeInput label="Start Time" withAsterisk {...form.getInputProps('starttime')} error={errorOf('starttime')} />
              <TimeInput label="End Time" withAsterisk {...form.getInputProps('endtime')} error={errorOf('endtime')} />
            </SimpleGrid>
          ) : null}

          <Checkbox label="Include Weekends" {...form.getInputProps('includeWeekend', { type: 'checkbox' })} />

          <Textarea label="Reason" autosize minRows={2} maxRows={6} maxLength={500} {...form.getInputProps('reason')} error={errorOf('reason')} />

          {warnings.map((warning) => (
            <FormAlert key={warning} color="yellow">
              {warning}
            </FormAlert>
          ))}

          {validating ? (
            <Group gap="xs" data-testid="balance-checking">
              <Loader size="xs" aria-hidden="true" />
              <Text size="sm" c="dimmed">
                Checking your balance…
              </Text>
            </Group>
          ) : null}
          {result ? (
            <Stack gap="xs" data-testid="balance-check">
              {result.message ? <FormAlert>{result.message}</FormAlert> : null}
              {result.goodNews ? <FormAlert color="green">{result.goodNews}</FormAlert> : null}
              <Text size="sm" data-testid="request-uses">
                {usesText(result.hourReqed)}
              </Text>
            </Stack>
          ) : null}

          {balanceError ? <FormAlert>{balanceError}</FormAlert> : null}
          {checkFailure?.message ? <FormAlert>{checkFailure.message}</FormAlert> : null}
          {error && !submit.isPending ? <FormAlert>{error}</FormAlert> : null}

          <Group justify="flex-end">
            <Button type="submit" loading={submit.isPending} disabled={submit.isPending || validating || !allowed}>
              {editing ? 'Update Request' : 'Submit Request'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
