import { Anchor, Badge, Button, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-client';
import { formFailure, serverMessage } from '@/lib/form-errors';
import { useAnswerLink, useSendAnswer, type AnswerLink, type LinkState } from '../api/answer-link';

/**
 * What a link that can no longer be used says (the server's words for an answer sent with it,
 * docs/contracts/approvals.md "Answering from the e-mail").
 */
export const LINK_STATE_MESSAGES: Readonly<Record<Exclude<LinkState, 'open'>, string>> = {
  expired: 'This link has expired: answer in your inbox.',
  used: 'This link was already used.',
  moved_on: 'This request has moved on: it no longer waits for you.',
};
export const NOT_VALID = 'This link is not valid.';
export const REJECT_REASON_REQUIRED = 'Please give the reason of the rejection';

const KIND_TITLES: Readonly<Record<AnswerLink['kind'], string>> = {
  time_off: 'Time off request',
  timesheet_edit: 'Timesheet edit request',
};

/** Where a signed-in approver answers instead (the login page first when signed out). */
export const INBOX_PATH = '/admin/inbox';

type Stage = 'choose' | 'approve' | 'reject';
type Outcome = { kind: 'done'; message: string } | { kind: 'closed'; message: string } | null;

/** The link's answer: when it expires, in the reader's own clock. */
const expiresText = (expiresAt: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(expiresAt));

/**
 * /answer/:token, without signing in (issue 41): the request an approver's e-mail is about (who,
 * what, the reason, the step) with Approve (then 'Approve this request') and Reject (a required
 * reason, then 'Confirm rejection'); `decision` (the mail link's `?decision=`) opens the page at
 * that confirmation. A link that expired, was used, or whose request moved on says
 * so, as does the server after an answer.
 */
export function AnswerPage({ token, decision }: { token: string; decision?: string | null }) {
  const link = useAnswerLink(token);
  const send = useSendAnswer();
  // The mail's Approve and Reject links open the page at their confirmation (nothing is sent
  // until the approver confirms: mail scanners follow links).
  const [stage, setStage] = useState<Stage>(decision === 'approve' || decision === 'reject' ? decision : 'choose');
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  if (link.isPending) {
    return (
      <Stack align="center" gap="sm" role="status">
        <Loader />
        <Text>Opening the request…</Text>
      </Stack>
    );
  }
  if (link.isError) {
    const message = link.error instanceof ApiError && link.error.status === 404 ? link.error.message || NOT_VALID : serverMessage(link.error);
    return <Closed message={message} />;
  }
  const data = link.data;
  if (data.state !== 'open') return <Closed message={data.message ?? LINK_STATE_MESSAGES[data.state]} data={data} />;

  const answer = (decision: 'approve' | 'reject') => {
    setError(null);
    setCommentError(null);
    if (decision === 'reject' && comment.trim() === '') {
      setCommentError(REJECT_REASON_REQUIRED);
      return;
    }
    send.mutate(decision === 'approve' ? { token, decision } : { token, decision, comment: comment.trim() }, {
      onSuccess: ({ message }) => setOutcome({ kind: 'done', message }),
      onError: (err) => {
        // Used, expired or moved on: the link is done with; the server says why.
        if (err instanceof ApiError && (err.status === 409 || err.status === 410 || err.status === 404)) {
          setOutcome({ kind: 'closed', message: err.firstMessage });
          return;
        }
        const failure = formFailure(err, ['comment'], { useServerMessage: true });
        setCommentError(failure.fieldErrors.comment ?? null);
        if (failure.fieldErrors.comment) setStage('reject');
        setError(failure.message);
      },
    });
  };

  return (
    <Stack gap="md" data-testid="answer-page">
      <Details data={data} />
      {outcome ? (
        <FormAlert color={outcome.kind === 'done' ? 'green' : 'red'}>
          <span data-testid="answer-outcome">{outcome.message}</span>
        </FormAlert>
      ) : (
        <>
          {error && !send.isPending ? <FormAlert>{error}</FormAlert> : null}
          {stage === 'choose' ? (
            <Group grow gap="sm">
              <Button variant="outline" color="red.9" size="md" onClick={() => setStage('reject')}>
                Reject
              </Button>
              <Button size="md" onClick={() => setStage('approve')}>
                Approve
              </Button>
            </Group>
          ) : stage === 'approve' ? (
            <Stack gap="sm" data-testid="confirm-approve">
              <Text>
                Approve the {KIND_TITLES[data.kind].toLowerCase()} of <strong>{data.employeeName}</strong>?
              </Text>
              <Button size="md" loading={send.isPending} onClick={() => answer('approve')} data-autofocus>
                Approve this request
              </Button>
              <Button variant="default" size="md" disabled={send.isPending} onClick={() => setStage('choose')}>
                Back
              </Button>
            </Stack>
          ) : (
            <form
              noValidate
              aria-label="Reject the request"
              onSubmit={(event) => {
                event.preventDefault();
                answer('reject');
              }}
            >
              <Stack gap="sm">
                <Textarea
                  label="Reason for rejecting"
                  description={`${data.employeeName} reads it.`}
                  required
                  autosize
                  minRows={3}
                  maxRows={8}
                  autoFocus
                  value={comment}
                  onChange={(event) => setComment(event.currentTarget.value)}
                  error={commentError}
                />
                <Button type="submit" color="red.9" size="md" loading={send.isPending}>
                  Confirm rejection
                </Button>
                <Button variant="default" size="md" disabled={send.isPending} onClick={() => setStage('choose')}>
                  Back
                </Button>
              </Stack>
            </form>
          )}
        </>
      )}
      <Anchor component={Link} to={INBOX_PATH} size="sm" ta="center">
        Open your inbox
      </Anchor>
    </Stack>
  );
}

/** Who asks for what, and the step this link answers. */
function Details({ data }: { data: AnswerLink }) {
  return (
    <Stack gap="xs" data-testid="answer-details">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Text fw={700}>{KIND_TITLES[data.kind]}</Text>
        <Badge variant="filled" color="gray.7" autoContrast data-testid="answer-step">
          Step {data.step} of {data.steps}
        </Badge>
      </Group>
      <Text size="sm">Hello {data.approverName},</Text>
      <Text data-testid="answer-who">
        <strong>{data.employeeName}</strong> asks for:
      </Text>
      <Text data-testid="answer-summary" style={{ overflowWrap: 'anywhere' }}>
        {data.summary}
      </Text>
      {data.reason ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="answer-reason">
          <Text span fw={600}>
            Reason:
          </Text>{' '}
          {data.reason}
        </Text>
      ) : null}
      {data.state === 'open' && data.expiresAt ? (
        <Text size="xs" c="dimmed">
          This link works once, until {expiresText(data.expiresAt)}.
        </Text>
      ) : null}
    </Stack>
  );
}

/** A link that can no longer answer: why, what it was about when known, and the way to the inbox. */
function Closed({ message, data }: { message: string; data?: AnswerLink }) {
  return (
    <Stack gap="md" data-testid="answer-page">
      <FormAlert>
        <span data-testid="answer-closed">{message}</span>
      </FormAlert>
      {data ? <Details data={data} /> : null}
      <Anchor component={Link} to={INBOX_PATH} size="sm" ta="center">
        Open your inbox
      </Anchor>
    </Stack>
  );
}
