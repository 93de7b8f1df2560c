import { Avatar, Button, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { formatDateTime } from '@/lib/company-time';
import { formFailure } from '@/lib/form-errors';
import { addCommentSchema, useAddTimesheetComment, type AddCommentInput } from '../api/add-timesheet-comment';
import { useTimesheetComments } from '../api/get-timesheet-comments';
import { fullName, type Entry } from '../api/schemas';
import { failureMessage, TEXTS } from './labels';

/** Spec 000 §9: commenter avatar colours cycle through 4 colours. */
export const COMMENTER_COLORS = ['blue', 'teal', 'grape', 'orange'] as const;

const initials = (p: { firstname: string; lastname: string }) => `${p.firstname.charAt(0)}${p.lastname.charAt(0)}`.toUpperCase();

/** Comments of a shift and a box to add one (GET /timesheet/comments, POST /timesheet/add-comment). */
export function CommentsPanel({ entry, timeZone }: { entry: Entry; timeZone: string }) {
  const comments = useTimesheetComments(entry.id);
  const add = useAddTimesheetComment(entry.id);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<AddCommentInput>({
    mode: 'uncontrolled',
    initialValues: { comment: '' },
    validate: schemaResolver(addCommentSchema, { sync: true }),
  });
  useDiscardGuard(() => form.isDirty());

  // Each commenter keeps a colour, in order of first appearance.
  const colorOf = new Map<string, string>();
  for (const c of comments.data ?? []) {
    const key = String(c.employeeId ?? fullName(c));
    if (!colorOf.has(key)) colorOf.set(key, COMMENTER_COLORS[colorOf.size % COMMENTER_COLORS.length] ?? 'blue');
  }

  return (
    <Stack gap="md" data-testid="comments-panel">
      {comments.isLoading ? <Loader size="sm" /> : null}
      {comments.isError ? <FormAlert>{failureMessage(comments.error)}</FormAlert> : null}
      {comments.data && comments.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {TEXTS.noData}
        </Text>
      ) : null}
      {(comments.data ?? []).map((c) => (
        <Group key={c.id} align="flex-start" wrap="nowrap" gap="sm" data-testid="comment">
          <Avatar radius="xl" size={36} color={colorOf.get(String(c.employeeId ?? fullName(c)))} variant="filled" alt={fullName(c)}>
            {initials(c)}
          </Avatar>
          <Stack gap={2} miw={0}>
            <Text size="sm" fw={600}>
              {fullName(c)}{' '}
              <Text span size="xs" c="dimmed" fw={400}>
                {formatDateTime(c.commentDate, timeZone)}
              </Text>
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {c.comment}
            </Text>
          </Stack>
        </Group>
      ))}
      <form
        noValidate
        aria-label="Add a comment"
        onSubmit={form.onSubmit((values) => {
          setError(null);
          add.mutate(values.comment, {
            onSuccess: () => form.reset(),
            onError: (err) => {
              const failure = formFailure(err, ['comment']);
              form.setErrors(failure.fieldErrors);
              setError(failure.message);
            },
          });
        })}
      >
        <Stack gap="sm">
          {error && !add.isPending ? <FormAlert color="yellow">{error}</FormAlert> : null}
          <Textarea label="Comment" autosize minRows={2} maxRows={6} key={form.key('comment')} {...form.getInputProps('comment')} />
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              Add Comment
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
