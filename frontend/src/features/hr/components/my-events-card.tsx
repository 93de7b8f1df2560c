import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Dock } from '@/components/dock';
import { RichTextView } from '@/components/rich-text-view';
import { formatDateTime, formatMediumDate } from '@/lib/company-time';
import { useMyEvents } from '../api/get-my-events';
import type { EventView } from '../api/schemas';
import { EventReview } from './event-review';
import { HR_DOCK_WIDTH, HR_TEXTS } from './labels';
import { OpenTitle, PagedList } from './list-parts';

function MyEvent({ event, timeZone, onOpen }: { event: EventView; timeZone: string; onOpen: () => void }) {
  return (
    <Stack gap={4} data-testid="my-event" pb="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <OpenTitle onOpen={onOpen}>{event.title}</OpenTitle>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {formatMediumDate(event.createDate, timeZone)}
        </Text>
      </Group>
      <RichTextView html={event.comments} />
      {event.ackedon ? (
        <Text size="sm" c="teal.9" data-testid="acknowledged-at">
          {`Acknowledged ${formatDateTime(event.ackedon, timeZone)}`}
        </Text>
      ) : event.ackneeded === 1 ? (
        <Anchor component="button" type="button" size="sm" fw={600} onClick={onOpen} aria-label={`Acknowledge ${event.title}`} style={{ alignSelf: 'flex-start' }}>
          Acknowledge
        </Anchor>
      ) : null}
    </Stack>
  );
}

/** My HR's 'My Events' (000 §2): 10 a page, newest first; an event opens its 'Event Detail' (650). */
export function MyEventsCard({ timeZone }: { timeZone: string }) {
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<number | null>(null);
  const [opened, setOpened] = useState(false);
  const events = useMyEvents(page);
  const items = events.data?.events ?? [];
  return (
    <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="my-events-card">
      <Stack gap="md">
        <Title order={2} fz="lg">
          My Events
        </Title>
        <PagedList query={events} items={items} empty={HR_TEXTS.noMyEvents} loadingLabel="Loading my events" page={page} onPage={setPage} testId="my-events">
          {(event) => (
            <MyEvent
              key={event.id}
              event={event}
              timeZone={timeZone}
              onOpen={() => {
                setShown(event.id);
                setOpened(true);
              }}
            />
          )}
        </PagedList>
      </Stack>
      <Dock opened={opened} onClose={() => setOpened(false)} title="Event Detail" width={HR_DOCK_WIDTH} testId="event-detail-dock">
        {shown !== null ? <EventReview eventId={shown} timeZone={timeZone} onAcknowledged={() => setOpened(false)} /> : null}
      </Dock>
    </Card>
  );
}
