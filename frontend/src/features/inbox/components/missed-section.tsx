import { Badge, Button, Group, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { useAcceptMissedPunch, useMissedPunches, type MissedPunch } from '../api/missed';
import { failureText, INBOX_TEXTS, MISSED_LABELS, missedAcceptedText, missedCorrectPath, missedStartText, missedWhatText } from './labels';

const personName = (row: MissedPunch): string => `${row.firstname} ${row.lastname}`.trim();

/**
 * One missed punch: who, when the shift began, what was missed and where Timekeep closed it, with
 * 'Correct' (the person's timesheet week that holds the shift, where shifts are edited) and
 * 'Accept as is'. A refusal (403 for one's own, 409 once settled) shows the server's message.
 */
export function MissedPunchCard({ row, timeZone }: { row: MissedPunch; timeZone: string }) {
  const accept = useAcceptMissedPunch();
  const [error, setError] = useState<string | null>(null);
  const name = personName(row);
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`Missed punch of ${name}`} data-testid="missed-card" data-entry={row.entryId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={0} miw={0}>
            <Text fw={700} truncate="end">
              {name}
            </Text>
            <Text size="sm" data-testid="missed-start">
              {missedStartText(row, timeZone)}
            </Text>
            <Text size="sm" data-testid="missed-what">
              {missedWhatText(row, timeZone)}
            </Text>
          </Stack>
          <Badge color="red.9" variant="filled" autoContrast style={{ textTransform: 'none', flex: 'none' }}>
            {MISSED_LABELS[row.kind]}
          </Badge>
        </Group>
        {error && !accept.isPending ? <FormAlert>{error}</FormAlert> : null}
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={missedCorrectPath(row, timeZone)} variant="outline">
            Correct
          </Button>
          <Button
            loading={accept.isPending}
            onClick={() => {
              setError(null);
              // Announced from the promise: the card leaves the list (and unmounts) on success,
              // which would drop a callback given to `mutate`.
              accept.mutateAsync(row.entryId).then(
                () => notifications.show({ color: 'green', message: missedAcceptedText(name, row, timeZone) }),
                (err: unknown) => setError(failureText(err)),
              );
            }}
          >
            Accept as is
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** 'Missed punches' (issue 40): the shifts Timekeep closed provisionally, waiting for a decision, with their count. */
export function MissedSection({ timeZone }: { timeZone: string }) {
  const missed = useMissedPunches();
  const rows = missed.data;
  return (
    <Stack gap="md" component="section" aria-labelledby="inbox-missed" data-testid="missed-section">
      <Group gap="sm">
        <Title order={2} fz="xl" id="inbox-missed">
          Missed punches
        </Title>
        {rows ? (
          <Badge color={rows.length > 0 ? 'red.9' : 'gray.7'} variant="filled" autoContrast size="lg" data-testid="missed-total">
            {rows.length}
            <VisuallyHidden> waiting</VisuallyHidden>
          </Badge>
        ) : null}
      </Group>
      {rows === undefined ? (
        missed.isError ? (
          <FormAlert>{failureText(missed.error)}</FormAlert>
        ) : (
          <Loader size="sm" role="status" aria-label="Loading the missed punches" />
        )
      ) : rows.length === 0 ? (
        <Text c="dimmed" data-testid="no-missed">
          {INBOX_TEXTS.noMissed}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {INBOX_TEXTS.missedIntro}
          </Text>
          {rows.map((row) => (
            <MissedPunchCard key={row.entryId} row={row} timeZone={timeZone} />
          ))}
        </>
      )}
    </Stack>
  );
}
