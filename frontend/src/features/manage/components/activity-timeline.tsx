import { Button, Card, Group, Loader, Select, Stack, Text, Timeline, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { PersonAvatar } from '@/components/person-avatar';
import { ACTIVITY_FILTERS, useUserActivities, type ActivityFilter } from '../api/get-user-activities';
import { DETAILED_ACTIVITIES, DOCUMENT_ACTIVITIES, EVENT_ACTIVITIES, REQUEST_ACTIVITIES, type Activity } from '../api/schemas';
import { actorOf, ActivityDocks, type OpenedActivity } from './activity-docks';
import { failureMessage, formatMediumDate, TEXTS } from './labels';

const FILTER_OPTIONS = [
  { value: ACTIVITY_FILTERS.all, label: 'All' },
  { value: ACTIVITY_FILTERS.acknowledgements, label: 'Acknowledgement' },
];

/** What clicking an activity does, if anything. */
function clickOf(a: Activity, canShowRequests: boolean): OpenedActivity | 'requests' | null {
  if (DETAILED_ACTIVITIES.includes(a.activityType)) return { kind: 'activity', id: a.id };
  if (a.recordId === null) return null;
  if (EVENT_ACTIVITIES.includes(a.activityType)) return { kind: 'event', id: a.recordId };
  if (DOCUMENT_ACTIVITIES.includes(a.activityType)) return { kind: 'document', id: a.recordId };
  if (REQUEST_ACTIVITIES.includes(a.activityType) && canShowRequests) return 'requests';
  return null;
}

interface ActivityTimelineProps {
  employeeId: number;
  timeZone: string;
  /** A document request's activity shows the 'HR Doc Request' tab. */
  onShowRequests?: () => void;
}

/**
 * The employee's activity timeline, the folder's 'All' tab (GET /manage/user-activities, 20 a
 * page, newest first, 'Show More' for the next page), filtered to 'All' or 'Acknowledgement'
 * (type=ACK). Start, terminate and reactivate activities open their detail (550 dock); an HR
 * event's or document's activity opens the record (650 dock); a request's shows the requests tab.
 */
export function ActivityTimeline({ employeeId, timeZone, onShowRequests }: ActivityTimelineProps) {
  const [filter, setFilter] = useState<ActivityFilter>(ACTIVITY_FILTERS.all);
  const activities = useUserActivities(employeeId, filter);
  const [shown, setShown] = useState<OpenedActivity | null>(null);
  const [opened, setOpened] = useState(false);
  const items = activities.data?.pages.flatMap((p) => p.activities) ?? [];
  const close = () => setOpened(false);

  return (
    <Card withBorder radius="md" p="lg" data-testid="activity-card">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} fz="lg">
            Activity
          </Title>
          <Select
            label="Show"
            data={FILTER_OPTIONS}
            value={filter}
            onChange={(next) => next && setFilter(next as ActivityFilter)}
            allowDeselect={false}
            w={180}
            data-testid="activity-filter"
          />
        </Group>
        {activities.isPending ? (
          <Loader size="sm" aria-label="Loading the activity" />
        ) : activities.isError ? (
          <FormAlert>{failureMessage(activities.error)}</FormAlert>
        ) : items.length === 0 ? (
          <Text c="dimmed">{filter === ACTIVITY_FILTERS.all ? TEXTS.noActivity : TEXTS.noAcknowledgement}</Text>
        ) : (
          <Timeline bulletSize={28} lineWidth={2} active={-1}>
            {items.map((a) => {
              const click = clickOf(a, onShowRequests !== undefined);
              const title = click ? (
                <UnstyledButton
                  onClick={() => {
                    if (click === 'requests') {
                      onShowRequests?.();
                      return;
                    }
                    setShown(click);
                    setOpened(true);
                  }}
                  fw={600}
                  c="blue.8"
                  style={{ textDecoration: 'underline', textAlign: 'left' }}
                  aria-haspopup={click === 'requests' ? undefined : 'dialog'}
                >
                  {a.title}
                </UnstyledButton>
              ) : (
                <Text fw={600}>{a.title}</Text>
              );
              return (
                <Timeline.Item
                  key={a.id}
                  bullet={<PersonAvatar url={a.avatar} firstname={a.targetFirstname} lastname={a.targetLastname} size={28} />}
                  data-testid="activity"
                >
                  <Stack gap={2}>
                    {title}
                    {a.activityDesc ? (
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {a.activityDesc}
                      </Text>
                    ) : null}
                    <Text size="xs" c="dimmed">
                      {formatMediumDate(a.activityDate, timeZone)}
                      {actorOf(a) ? ` · ${actorOf(a)}` : ''}
                    </Text>
                  </Stack>
                </Timeline.Item>
              );
            })}
          </Timeline>
        )}
        {activities.hasNextPage ? (
          <Group justify="center">
            <Button variant="subtle" onClick={() => void activities.fetchNextPage()} loading={activities.isFetchingNextPage}>
              Show More
            </Button>
          </Group>
        ) : null}
      </Stack>
      <ActivityDocks shown={shown} opened={opened} onClose={close} employeeId={employeeId} timeZone={timeZone} />
    </Card>
  );
}
