import { Button, Card, Checkbox, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { formatIsoDate } from '@/lib/company-time';
import { formFailure } from '@/lib/form-errors';
import { emptyRequestForm, formFromRequest, REQUEST_FIELDS, requestFormErrors, requestFormWarnings, toRequestBody, type RequestFormValues } from '../api/request-form';
import { useSubmitTimeOff, type PtoRequest, type TimeOffType } from '../api/requests';
import { BalanceCheckNotice } from './balance-check-notice';
import { RequestDateFields } from './request-date-fields';
import { useRequestBalance } from './use-request-balance';

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
  const { validating, result, allowed, checkFailure } = useRequestBalance(values, ids);
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

          <RequestDateFields form={form} errorOf={errorOf} />

          <Checkbox label="Include Weekends" {...form.getInputProps('includeWeekend', { type: 'checkbox' })} />

          <Textarea label="Reason" autosize minRows={2} maxRows={6} maxLength={500} {...form.getInputProps('reason')} error={errorOf('reason')} />

          {warnings.map((warning) => (
            <FormAlert key={warning} color="yellow">
              {warning}
            </FormAlert>
          ))}

          <BalanceCheckNotice validating={validating} result={result} />

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
