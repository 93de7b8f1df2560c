import { Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { ApprovalLine } from '@/components/approval-line';
import { useDiscardGuard } from '@/components/close-guard';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/company-time';
import { GENERIC_FORM_ERROR } from '@/lib/form-errors';
import { useApproveEditRequest } from '../api/approve-edit-request';
import { CANCEL_REQUEST_CONFIRMATION, useCancelEditRequest } from '../api/cancel-edit-request';
import { rejectEditRequestSchema, useRejectEditRequest, type RejectEditRequestInput } from '../api/reject-edit-request';
import { PENDING_APPROVAL_TEXT, type EditRequest } from '../api/schemas';
import { person, RequestSummary } from './edit-request-summary';
import { BADGE_COLORS, failureMessage, panelFormFailure } from './labels';
import { canReviewRequest, isRequester, type Viewer } from './row-actions';

/** Spec 000 §8: a failed approval shows the first message of the error. */
export function approveFailureText(error: unknown): string {
  return error instanceof ApiError ? error.firstMessage : GENERIC_FORM_ERROR;
}

interface RaisedRequestProps {
  request: EditRequest;
  viewer: Viewer;
  timeZone: string;
  onCanceled: () => void;
}

/** A raised request (status 0): its details, cancel for the requester, approve / reject for reviewers. */
export function RaisedRequest({ request, viewer, timeZone, onCanceled }: RaisedRequestProps) {
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
  // The reason of a rejection, while its form is shown.
  useDiscardGuard(() => rejecting && rejectForm.isDirty());
  const mayCancel = isRequester(viewer, request);
  // With an approval path the server says who answers the current step (a stand-in or a named
  // approver may not reach the person; a manager who reaches them may not be on this step).
  const mayReview = request.approval
    ? request.approval.state === 'pending' && request.approval.mayAnswer
    : canReviewRequest(viewer, request.employeeId);
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
        {request.approval ? <ApprovalLine approval={request.approval} timeZone={timeZone} /> : null}
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
