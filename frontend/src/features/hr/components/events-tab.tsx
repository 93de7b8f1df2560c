import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Dock } from '@/components/dock';
import { formatCalendarDate, formatMediumDate } from '@/lib/company-time';
import { useHrTypes } from '../api/get-hr-types';
import { EVENT_SORTS, useUserEvents } from '../api/get-user-events';
import type { EventView } from '../api/schemas';
import { FolderEventPanel } from './folder-record-panels';
import { HR_DOCK_WIDTH, HR_TEXTS } from './labels';
import { ListToolbar, OpenTitle, PagedList, pageCount } from './list-parts';
import { acknowledgementText } from './record-details';

function EventRow({ event, timeZone, onOpen }: { event: EventView; timeZone: string; onOpen: () => void }) {
  const ack = acknowledgementText(event, timeZone);
  return (
    <Card withBorder radius="md" p="sm" data-testid="hr-event">
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <OpenTitle onOpen={onOpen}>{event.title}</OpenTitle>
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {event.eventTypeName}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {[
            `Added ${formatMediumDate(event.createDate, timeZone)}`,
            event.actionDate ? `Action date ${formatCalendarDate(event.actionDate)}` : null,
            event.createdBy ? `by ${event.createdBy}` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {ack || event.onlyVisibleToOwner === 1 || event.doc ? (
          <Group gap="xs">
            {ack ? (
              <Badge variant="outline" color={event.ackedon ? 'teal.9' : 'blue.9'} size="sm">
                {ack}
              </Badge>
            ) : null}
            {event.onlyVisibleToOwner === 1 ? (
              <Badge variant="outline" color="grape.9" size="sm">
                {HR_TEXTS.ownerOnly}
              </Badge>
            ) : null}
            {event.doc ? (
              <Badge variant="outline" color="gray.7" size="sm" tt="none">
                {`File: ${event.doc.docFileName}`}
              </Badge>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * The folder's 'HR Events' tab (2): 10 a page, 'Sort by' (Title, Type, Newest) and the type
 * filter; a title opens the event dock (650) with Delete.
 */
export function EventsTab({ employeeId, timeZone }: { employeeId: number; timeZone: string }) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState('-id');
  const [typeId, setTypeId] = useState<number | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const [opened, setOpened] = useState(false);
  const types = useHrTypes();
  const events = useUserEvents({ employeeId, page, eventTypeId: typeId, sort });
  const items = events.data?.events ?? [];

  // A delete can empty the last page: go back to the new last one.
  if (events.data && !events.isPlaceholderData && page > pageCount(events.data.count)) setPage(pageCount(events.data.count));

  return (
    <Stack gap="md" data-testid="hr-events-tab">
      <ListToolbar
        sorts={EVENT_SORTS}
        sort={sort}
        onSort={(next) => {
          setSort(next);
          setPage(1);
        }}
        types={types.data?.eventtypes ?? []}
        typeId={typeId}
        onType={(next) => {
          setTypeId(next);
          setPage(1);
        }}
      />
      <PagedList query={events} items={items} empty={HR_TEXTS.noEvents} loadingLabel="Loading the HR events" page={page} onPage={setPage} testId="hr-events">
        {(event) => (
          <EventRow
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
      <Dock opened={opened} onClose={() => setOpened(false)} title="HR Event" width={HR_DOCK_WIDTH} testId="hr-event-dock">
        {shown !== null ? <FolderEventPanel id={shown} employeeId={employeeId} timeZone={timeZone} onDeleted={() => setOpened(false)} /> : null}
      </Dock>
    </Stack>
  );
}
