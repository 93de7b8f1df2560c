import { Button, CopyButton, Group, Loader, Popover, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { loadErrorMessage } from '@/components/load-error-modal';
import { serverMessage } from '@/lib/form-errors';
import { useCalendarFeed, useResetCalendarFeed } from '../api/calendar-feed';

export const FEED_TEXTS = {
  help: "Add the team calendar to your own calendar app: paste this link in Google Calendar (Other calendars › 'From URL') or in Outlook (Add calendar › 'Subscribe from web'). Keep it to yourself: anyone with the link can read the calendar.",
  resetQuestion:
    'Make a new link? The current link stops working at once: calendars subscribed with it stop updating until you subscribe again with the new link.',
  resetDone: 'A new link was made; the old one no longer works.',
} as const;

/**
 * 'Subscribe' (contract "Calendar feed"): the person's private iCalendar link with a copy button,
 * how to use it, and 'Reset link' (after a question) for a new link when the old one was shared.
 * The link is asked for only once the popover opens (the server makes it on the first ask).
 */
export function CalendarFeedButton() {
  const [opened, setOpened] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const feed = useCalendarFeed(opened);
  const reset = useResetCalendarFeed();

  const toggle = (next: boolean) => {
    setOpened(next);
    setConfirming(false);
    setNotice(null);
    reset.reset();
  };

  const resetLink = () =>
    reset.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setNotice(FEED_TEXTS.resetDone);
      },
    });

  return (
    <Popover opened={opened} onChange={toggle} position="bottom-end" width={340} trapFocus withArrow shadow="md">
      <Popover.Target>
        <Button variant="default" onClick={() => toggle(!opened)}>
          Subscribe
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="calendar-feed">
        <Stack gap="sm">
          <Text fw={700}>Subscribe to the calendar</Text>
          <Text size="sm">{FEED_TEXTS.help}</Text>
          {feed.isPending ? (
            <Loader size="sm" aria-label="Loading your calendar link" />
          ) : feed.isError ? (
            <FormAlert>{loadErrorMessage(feed.error)}</FormAlert>
          ) : (
            <>
              <TextInput label="Your calendar link" value={feed.data.url} readOnly onFocus={(e) => e.currentTarget.select()} data-testid="feed-url" />
              {notice ? <FormAlert color="green">{notice}</FormAlert> : null}
              {reset.isError ? <FormAlert>{serverMessage(reset.error)}</FormAlert> : null}
              {confirming ? (
                <Stack gap="xs" data-testid="feed-reset-question">
                  <Text size="sm">{FEED_TEXTS.resetQuestion}</Text>
                  <Group justify="flex-end" gap="xs">
                    <Button size="xs" variant="default" onClick={() => setConfirming(false)} disabled={reset.isPending}>
                      Cancel
                    </Button>
                    <Button size="xs" color="red.9" onClick={resetLink} loading={reset.isPending}>
                      Make a new link
                    </Button>
                  </Group>
                </Stack>
              ) : (
                <Group justify="space-between" gap="xs">
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red.9"
                    onClick={() => {
                      setNotice(null);
                      setConfirming(true);
                    }}
                  >
                    Reset link
                  </Button>
                  <CopyButton value={feed.data.url} timeout={2000}>
                    {({ copied, copy }) => (
                      <Button size="xs" color={copied ? 'teal.9' : undefined} onClick={copy}>
                        {copied ? 'Copied' : 'Copy link'}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
              )}
            </>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
