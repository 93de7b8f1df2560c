import { Badge, Button, Divider, Group, Loader, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, timeOfDayIn } from '@/lib/company-time';
import { GENERIC_FORM_ERROR } from '@/lib/form-errors';
import { isPrivileged } from '@/lib/identity';
import { useApproveEditRequest } from '../api/approve-edit-request';
import { CANCEL_REQUEST_CONFIRMATION, useCancelEditRequest } from '../api/cancel-edit-request';
import { useEditRequests } from '../api/get-edit-requests';
import { rejectEditRequestSchema, useRejectEditRequest, type RejectEditRequestInput } from '../api/reject-edit-request';
import {
  entryLocalTimes,
  requestEditFormSchema,
  toEditRequestBody,
  useRequestEdit,
  type RequestEditValues,
} from '../api/request-edit';
import { PENDING_APPROVAL_TEXT, REQUEST_STATUS_LABELS, type ChangeType, type EditRequest, type Entry } from '../api/schemas';
import { BreaksEditor } from './breaks-editor';
import { BADGE_COLORS, BREAK_OPERATION_LABELS, breakLabel, CHANGE_TYPE_LABELS, dateTimeOrDash, dayLabel, failureMessage, panelFormFailure, TEXTS } from './labels';
import { canReviewRequest, isOwnEntry, isRequester, type Viewer } from './row-actions';

const hhmm = (instant: string, timeZone: string) => timeOfDayIn(instant, timeZone).slice(0, 5);
const person = (first: string, last: string) => `${first} ${last}`.trim();

/** Spec 000 §8: a failed approval shows the first message of the error. */
export function approveFailureText(error: unknown): string {
  return error instanceof ApiError ? error.firstMessage : GENERIC_FORM_ERROR;
}

function RequestSummary({ request, timeZone }: { request: EditRequest; timeZone: string }) {
  const changeType = request.changeType as ChangeType;
  return (
    <Stack gap={4}>
      <Text size="sm">
        <Text span fw={600}>
          Change:
        </Text>{' '}
        {CHANGE_TYPE_LABELS[changeType] ?? request.changeType}
      </Text>
      {request.payload.start ? (
        <Text size="sm">
          <Text span fw={600}>
            Clock In:
          </Text>{' '}
          {formatDateTime(request.payload.start, timeZone)}
        </Text>
      ) : null}
      {request.payload.end ? (
        <Text size="sm">
          <Text span fw={600}>
            Clock Out:
          </Text>{' '}
          {formatDateTime(request.payload.end, timeZone)}
        </Text>
      ) : null}
      <Text size="sm">
        <Text span fw={600}>
          Breaks:
        </Text>{' '}
        {BREAK_OPERATION_LABELS[request.payload.boptype] ?? request.payload.boptype}
        {request.payload.boptype === 'REPLACE' && request.payload.breaks.length > 0
          ? ` (${request.payload.breaks.map((b) => breakLabel(b, timeZone)).join(', ')})`
          : ''}
      </Text>
      {request.requestComments ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            Reason:
          </Text>{' '}
          {request.requestComments}
        </Text>
      ) : null}
    </Stack>
  );
}

interface RaisedRequestProps {
  request: EditRequest;
  viewer: Viewer;
  timeZone: string;
  onCanceled: () => void;
}

/** A raised request (status 0): its details, cancel for the requester, approve / reject for reviewers. */
function RaisedRequest({ request, viewer, timeZone, onCanceled }: RaisedRequestProps) {
  const cancel = useCancelEditRequest();
  const approve = useApproveEditRequest();
  const reject = useRejectEditRequest();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rejectForm = useForm<RejectEditRequestInput>({
    mode: 'uncontrolled',
    initialValues: { comment: '' },
    validate: schemaResolver(rejectEditRequestSchema, { sync: true }),
  });
  const mayCancel = isRequester(viewer, request);
  const mayReview = canReviewRequest(viewer, request.employeeId);
  const busy = cancel.isPending || approve.isPending || reject.isPending;

  return (
    <Paper withBorder p="md" radius="md" data-testid="raised-request">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} fz="md">
            Requested edit
          </Title>
          <Badge color={BADGE_COLORS.pending} variant="filled" autoContrast>
            {PENDING_APPROVAL_TEXT}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {person(request.requesterFirstname, request.requesterLastname)} · {formatDateTime(request.requestDate, timeZone)}
        </Text>
        <RequestSummary request={request} timeZone={timeZone} />
        {error && !busy ? <FormAlert>{error}</FormAlert> : null}

        {rejecting ? (
          <form
            noValidate
            aria-label="Reject the request"
            onSubmit={rejectForm.onSubmit((values) => {
              setError(null);
              reject.mutate(
                { reqId: request.id, comment: values.comment },
                {
                  onError: (err) => {
                    const failure = panelFormFailure(err, ['comment']);
                    rejectForm.setErrors(failure.fieldErrors);
                    setError(failure.message);
                  },
                },
              );
            })}
          >
            <Stack gap="sm">
              <Textarea label="Reason of the rejection" autosize minRows={2} key={rejectForm.key('comment')} {...rejectForm.getInputProps('comment')} />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => setRejecting(false)} disabled={busy}>
                  Back
                </Button>
                <Button type="submit" color="red.9" loading={reject.isPending}>
                  Reject
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group justify="flex-end" gap="sm">
            {mayCancel ? (
              <Button variant="default" onClick={() => setConfirmingCancel(true)} disabled={busy}>
                Cancel Request
              </Button>
            ) : null}
            {mayReview ? (
              <>
                <Button variant="outline" color="red.9" onClick={() => setRejecting(true)} disabled={busy}>
                  Reject
                </Button>
                <Button
                  loading={approve.isPending}
                  disabled={busy && !approve.isPending}
                  onClick={() => {
                    setError(null);
                    approve.mutate(request.id, { onError: (err) => setError(approveFailureText(err)) });
                  }}
                >
                  Approve
                </Button>
              </>
            ) : null}
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirmingCancel}
        title="Cancel Request"
        message={CANCEL_REQUEST_CONFIRMATION}
        confirmLabel="Yes"
        cancelLabel="No"
        danger
        loading={cancel.isPending}
        onCancel={() => setConfirmingCancel(false)}
        onConfirm={() => {
          setError(null);
          cancel.mutate(request.id, {
            onSuccess: () => onCanceled(),
            onError: (err) => setError(failureMessage(err)),
            onSettled: () => setConfirmingCancel(false),
          });
        }}
      />
    </Paper>
  );
}

/** The fields the request form shows for these values. */
export function shownFields(values: Pick<RequestEditValues, 'changeType' | 'boptype'>): string[] {
  const fields = ['changeType', 'boptype', 'comment'];
  if (values.changeType === 'in' || values.changeType === 'inout') fields.push('start');
  if (values.changeType === 'out' || values.changeType === 'inout') fields.push('end');
  if (values.boptype === 'REPLACE') fields.push('breaks');
  return fields;
}

interface RequestEditFormProps {
  entry: Entry;
  timeZone: string;
  onSubmitted: () => void;
}

/** The request form (spec 000 §5): what to change, the new times, the break operation, a reason. */
export function RequestEditForm({ entry, timeZone, onSubmitted }: RequestEditFormProps) {
  const request = useRequestEdit();
  const [error, setError] = useState<string | null>(null);
  const originals = useMemo(() => entryLocalTimes(entry, timeZone), [entry, timeZone]);
  const form = useForm<RequestEditValues>({
    mode: 'controlled',
    initialValues: {
      changeType: '',
      start: hhmm(entry.start, timeZone),
      end: entry.end ? hhmm(entry.end, timeZone) : '',
      boptype: 'NOCHANGE',
      breaks: entry.breaks.map((b) => ({ from: hhmm(b.from, timeZone), to: b.to ? hhmm(b.to, timeZone) : '' })),
      comment: '',
    },
    validate: schemaResolver(requestEditFormSchema, { sync: true }),
  });
  const { changeType, boptype } = form.values;
  const changesIn = changeType === 'in' || changeType === 'inout';
  const changesOut = changeType === 'out' || changeType === 'inout';

  return (
    <form
      noValidate
      aria-label="Request Timesheet Edit"
      onSubmit={form.onSubmit((values) => {
        setError(null);
        // mutateAsync, not mutate's callbacks: the raised request the hook reloads replaces this
        // form, and callbacks given to mutate() never run once the form is unmounted.
        request.mutateAsync(toEditRequestBody(values, entry, originals)).then(
          () => {
            form.reset();
            onSubmitted();
          },
          (err: unknown) => {
            // Errors of fields the form does not show (e.g. the shift's own breaks while they stay
            // unchanged) go to the warning box.
            const failure = panelFormFailure(err, shownFields(values));
            form.setErrors(failure.fieldErrors);
            setError(failure.message);
          },
        );
      })}
    >
      <Stack gap="md">
        {error && !request.isPending ? <FormAlert color="yellow">{error}</FormAlert> : null}
        <Text size="sm" c="dimmed">
          Shift of {dayLabel(entry.day)}: {dateTimeOrDash(entry.start, timeZone)} – {dateTimeOrDash(entry.end, timeZone)}
        </Text>
        <Radio.Group label="What to change" required {...form.getInputProps('changeType')}>
          <Stack gap={6} mt={6}>
            {(Object.keys(CHANGE_TYPE_LABELS) as ChangeType[]).map((type) => (
              <Radio key={type} value={type} label={CHANGE_TYPE_LABELS[type]} />
            ))}
          </Stack>
        </Radio.Group>
        {changesIn ? <TimeInput label="Clock In" required {...form.getInputProps('start')} /> : null}
        {changesOut ? <TimeInput label="Clock Out" required {...form.getInputProps('end')} /> : null}
        <Radio.Group label="Break operation" {...form.getInputProps('boptype')}>
          <Stack gap={6} mt={6}>
            {Object.entries(BREAK_OPERATION_LABELS).map(([value, label]) => (
              <Radio key={value} value={value} label={label} />
            ))}
          </Stack>
        </Radio.Group>
        {boptype === 'REPLACE' ? (
          <BreaksEditor
            value={form.values.breaks}
            onChange={(rows) => form.setFieldValue('breaks', rows)}
            error={form.errors.breaks}
            dayText={dayLabel(entry.day)}
          />
        ) : null}
        <Textarea label="Reason" required autosize minRows={2} maxRows={6} {...form.getInputProps('comment')} />
        <Button type="submit" loading={request.isPending} disabled={!changeType}>
          Submit Request
        </Button>
      </Stack>
    </form>
  );
}

function Trace({ requests, timeZone }: { requests: EditRequest[]; timeZone: string }) {
  return (
    <Stack gap="sm" data-testid="request-trace">
      <Title order={3} fz="md">
        Past requests
      </Title>
      {requests.map((r) => (
        <Paper key={r.id} withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="nowrap" mb={4}>
            <Text size="xs" c="dimmed">
              {person(r.requesterFirstname, r.requesterLastname)} · {formatDateTime(r.requestDate, timeZone)}
            </Text>
            <Badge
              variant="filled"
              autoContrast
              color={r.status === 1 ? BADGE_COLORS.approved : r.status === 2 ? BADGE_COLORS.rejected : BADGE_COLORS.neutral}
            >
              {REQUEST_STATUS_LABELS[r.status] ?? String(r.status)}
            </Badge>
          </Group>
          <RequestSummary request={r} timeZone={timeZone} />
          {r.actDate ? (
            <Text size="xs" c="dimmed" mt={4}>
              {person(r.actorFirstname, r.actorLastname)} · {formatDateTime(r.actDate, timeZone)}
              {r.actComments ? ` · ${r.actComments}` : ''}
            </Text>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}

interface EditRequestPanelProps {
  entry: Entry;
  viewer: Viewer;
  timeZone: string;
}

/**
 * 'Request Timesheet Edit' (spec 000 §4): while a request is raised the panel shows it (with
 * cancel, or approve / reject) and hides the form; otherwise the form. Past requests (status
 * above 0) are listed below.
 */
export function EditRequestPanel({ entry, viewer, timeZone }: EditRequestPanelProps) {
  const requests = useEditRequests(entry.id);
  const [submitted, setSubmitted] = useState(false);
  if (requests.isLoading) return <Loader size="sm" />;
  if (requests.isError) return <FormAlert>{failureMessage(requests.error)}</FormAlert>;
  const list = requests.data ?? [];
  const raised = list.find((r) => r.status === 0) ?? null;
  const past = list.filter((r) => r.status > 0);
  const mayRequest = isOwnEntry(viewer, entry) || isPrivileged(viewer);

  return (
    <Stack gap="md" data-testid="edit-request-panel">
      {submitted ? <FormAlert color="green">{TEXTS.requestSubmitted}</FormAlert> : null}
      {raised ? (
        <RaisedRequest request={raised} viewer={viewer} timeZone={timeZone} onCanceled={() => setSubmitted(false)} />
      ) : mayRequest ? (
        <RequestEditForm
          // A changed shift (an approved request) starts a fresh form with its new times.
          key={`${entry.start}|${entry.end ?? ''}|${entry.breaks.length}`}
          entry={entry}
          timeZone={timeZone}
          onSubmitted={() => setSubmitted(true)}
        />
      ) : null}
      {past.length > 0 ? (
        <>
          <Divider />
          <Trace requests={past} timeZone={timeZone} />
        </>
      ) : null}
    </Stack>
  );
}
