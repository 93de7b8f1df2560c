import { Badge, Button, Checkbox, Group, Loader, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { RichTextView } from '@/components/rich-text-view';
import { formatCalendarDate, formatDateTime, formatMediumDate } from '@/lib/company-time';
import { ACKNOWLEDGE_STATEMENT } from '../api/affirm-event';
import { declineFormSchema, useAffirmPolicy, type DeclineFormValues } from '../api/affirm-policy';
import { usePolicyReviewDetail, type PolicyReview as PolicyReviewData } from '../api/get-policy-review-detail';
import { MY_POLICY_STATUS, WORKFLOW_STATUS } from '../api/schemas';
import { DownloadButton } from './download-button';
import { failureMessage, submitFailure } from './labels';
import { AttachedFile, DetailField } from './record-details';

/** Shown when the server's answer carries no message of its own. */
export const POLICY_ACKNOWLEDGED = 'Thank you! The policy has been acknowledged.';
export const POLICY_DECLINED = 'Your answer has been recorded.';

const ANSWERS = { acknowledge: 'acknowledge', decline: 'decline' } as const;
type Answer = (typeof ANSWERS)[keyof typeof ANSWERS];

/**
 * The acknowledge flow (000 §4): ticking 'I have fully reviewed and understand the policy.'
 * enables Acknowledge; or 'Decline', which needs a comment. Done: the panel closes (or the task
 * dock goes back to its list) and the tasks and lists are asked again.
 */
function AnswerForm({ workflowId, onAnswered }: { workflowId: number; onAnswered: () => void }) {
  const affirm = useAffirmPolicy();
  const [answer, setAnswer] = useState<Answer>(ANSWERS.acknowledge);
  const [reviewed, setReviewed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<DeclineFormValues>({
    mode: 'controlled',
    initialValues: { comments: '' },
    validate: schemaResolver(declineFormSchema, { sync: true }),
  });
  // A decline's comments are work to lose; a ticked box is not.
  useDiscardGuard(() => answer === ANSWERS.decline && form.isDirty());

  const send = (decline: boolean, comments?: string) => {
    setError(null);
    affirm.mutate(
      { id: workflowId, decline, comments },
      {
        onSuccess: (result) => {
          notifications.show({ color: result.changed ? 'green' : 'blue', message: result.message || (decline ? POLICY_DECLINED : POLICY_ACKNOWLEDGED) });
          onAnswered();
        },
        onError: (err) => setError(submitFailure(err, ['comments'], form.setErrors)),
      },
    );
  };

  return (
    <Stack gap="md" data-testid="policy-answer">
      <Radio.Group label="Your answer" value={answer} onChange={(next) => setAnswer(next as Answer)}>
        <Group gap="lg" mt={6}>
          <Radio value={ANSWERS.acknowledge} label="I acknowledge the policy" />
          <Radio value={ANSWERS.decline} label="I decline the policy" />
        </Group>
      </Radio.Group>
      {answer === ANSWERS.acknowledge ? (
        <Stack gap="sm">
          <Checkbox label={ACKNOWLEDGE_STATEMENT} checked={reviewed} onChange={(e) => setReviewed(e.currentTarget.checked)} />
          {error ? <FormAlert>{error}</FormAlert> : null}
          <Button disabled={!reviewed} loading={affirm.isPending} style={{ alignSelf: 'flex-start' }} onClick={() => send(false)}>
            Acknowledge
          </Button>
        </Stack>
      ) : (
        <form noValidate aria-label="Decline the policy" onSubmit={form.onSubmit((values) => send(true, values.comments))}>
          <Stack gap="sm">
            <Textarea
              label="Comments"
              description="Tell us why you decline the policy."
              withAsterisk
              autosize
              minRows={3}
              maxRows={8}
              maxLength={2000}
              {...form.getInputProps('comments')}
            />
            {error ? <FormAlert>{error}</FormAlert> : null}
            <Button type="submit" color="red.9" loading={affirm.isPending} style={{ alignSelf: 'flex-start' }}>
              Decline
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/** 'Acknowledged 11/26/2026 04:55 PM', 'Declined …', or the state of a publication no longer taking answers. */
function answerText({ answer, workflow }: PolicyReviewData, timeZone: string): string | null {
  if (answer.declined) return `Declined ${formatDateTime(answer.certifyDate, timeZone)}`.trim();
  if (answer.certifyStatus === MY_POLICY_STATUS.confirmed) return `Acknowledged ${formatDateTime(answer.certifyDate, timeZone)}`.trim();
  if (answer.certifyStatus === MY_POLICY_STATUS.canceled || workflow.status === WORKFLOW_STATUS.cancelled) return 'Canceled: this policy takes no more answers.';
  if (answer.certifyStatus === MY_POLICY_STATUS.stopped || workflow.status === WORKFLOW_STATUS.stopped) return 'Stopped: this policy takes no more answers.';
  return null;
}

/**
 * A policy sent to the signed-in person (My HR's 'Policy Detail', 650 wide, and the task dock's
 * policy review): the title, the text of the version sent to them, the publish date, 'Responded'
 * Yes/No and the attached document with Download. While it waits for their answer, the
 * acknowledge flow follows.
 */
export function PolicyReview({ workflowId, timeZone, onAnswered }: { workflowId: number; timeZone: string; onAnswered: () => void }) {
  const detail = usePolicyReviewDetail(workflowId);
  if (detail.isPending) return <Loader size="sm" aria-label="Loading the policy" />;
  if (detail.isError) return <FormAlert>{failureMessage(detail.error)}</FormAlert>;
  const { policy, workflow, policyDoc, answer } = detail.data;
  const responded = answer.certifyStatus === MY_POLICY_STATUS.confirmed;
  const waiting = answer.certifyStatus === MY_POLICY_STATUS.awaiting && workflow.status === WORKFLOW_STATUS.active;
  const state = answerText(detail.data, timeZone);
  const dueDate = answer.dueDate ?? workflow.dueDate;
  const docName = policyDoc ? (policyDoc.docName ?? policyDoc.docFileName) : '';
  return (
    <Stack gap="lg" data-testid="policy-details">
      <Stack gap={4}>
        <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          {policy.title}
        </Title>
        <Group gap="xs">
          <Badge variant="light">{policy.typeName}</Badge>
          <Badge variant="outline" color="gray.7">{`Version ${policy.version}`}</Badge>
          {waiting && answer.overdue ? (
            <Badge color="red.9" variant="filled">
              Overdue
            </Badge>
          ) : null}
        </Group>
      </Stack>
      <Group gap="xl" align="flex-start">
        <DetailField label="Publish date">{formatMediumDate(workflow.publishDate, timeZone)}</DetailField>
        {dueDate ? <DetailField label="Due date">{formatCalendarDate(dueDate)}</DetailField> : null}
        <DetailField label="Responded">{responded ? 'Yes' : 'No'}</DetailField>
      </Group>
      {state ? <Text size="sm">{state}</Text> : null}
      {answer.declined && answer.comments.trim() ? <DetailField label="Your comments">{answer.comments}</DetailField> : null}
      {policy.content.trim() ? <RichTextView html={policy.content} /> : null}
      {policyDoc ? (
        <DetailField label="Attached document">
          <AttachedFile
            fileName={docName}
            size={policyDoc.docSize}
            download={<DownloadButton target={{ kind: 'policy', id: policy.id, fallbackName: policyDoc.docFileName }} fileName={docName} />}
          />
        </DetailField>
      ) : null}
      {waiting ? <AnswerForm workflowId={workflow.id} onAnswered={onAnswered} /> : null}
    </Stack>
  );
}
