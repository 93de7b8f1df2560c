import { Anchor, Button, Card, Group, Loader, Select, Stack, Text, Timeline, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { PersonAvatar } from '@/components/person-avatar';
import { FolderDocumentPanel, FolderEventPanel } from '@/features/hr/components/folder-record-panels';
import { ACTIVITY_FILTERS, useActivityDetails, useUserActivities, type ActivityFilter } from '../api/get-user-activities';
import { DETAILED_ACTIVITIES, DOCUMENT_ACTIVITIES, EVENT_ACTIVITIES, REQUEST_ACTIVITIES, type Activity } from '../api/schemas';
import { Dock } from '@/components/dock';
import { DOCK_WIDTHS, failureMessage, formatMediumDate, TEXTS } from './labels';

const actorOf = (a: Activity): string => `${a.actorFirstname ?? ''} ${a.actorLastname ?? ''}`.trim();
const targetOf = (a: Activity): string => `${a.targetFirstname} ${a.targetLastname}`.trim();

/** The dock an activity opens: its detail, or the HR record it is about. */
type Opened = { kind: 'activity'; id: number } | { kind: 'event'; id: number } | { kind: 'document'; id: number };

const FILTER_OPTIONS = [
  { value: ACTIVITY_FILTERS.all, label: 'All' },
  { value: ACTIVITY_FILTERS.acknowledgements, label: 'Acknowledgement' },
];

/** What clicking an activity does, if anything. */
function clickOf(a: Activity, canShowRequests: boolean): Opened | 'requests' | null {
  if (DETAILED_ACTIVITIES.includes(a.activityType)) return { kind: 'activity', id: a.id };
  if (a.recordId === null) return null;
  if (EVENT_ACTIVITIES.includes(a.activityType)) return { kind: 'event', id: a.recordId };
  if (DOCUMENT_ACTIVITIES.includes(a.activityType)) return { kind: 'document', id: a.recordId };
  if (REQUEST_ACTIVITIES.includes(a.activityType) && canShowRequests) return 'requests';
  return null;
}

function ActivityDetail({ activityId, employeeId, timeZone }: { activityId: number; employeeId: number; timeZone: string }) {
  const detail = useActivityDetails(activityId);
  if (detail.isPending) return <Loader size="sm" aria-label="Loading the activity" />;
  if (detail.isError) return <FormAlert>{failureMessage(detail.error)}</FormAlert>;
  const a = detail.data;
  return (
    <Stack gap="md" data-testid="activity-detail">
      <Group wrap="nowrap" gap="sm">
        <PersonAvatar url={a.avatar} firstname={a.targetFirstname} lastname={a.targetLastname} size={48} />
        <Stack gap={0} miw={0}>
          <Text fw={700}>{a.title}</Text>
          <Text size="sm" c="dimmed">
            {formatMediumDate(a.activityDate, timeZone)}
          </Text>
        </Stack>
      </Group>
      {a.activityDesc ? <Text style={{ whiteSpace: 'pre-wrap' }}>{a.activityDesc}</Text> : null}
      <Stack gap={4}>
        <Text size="sm">
          <Text span fw={600}>
            Employee:{' '}
          </Text>
          {a.employeeId === employeeId ? (
            targetOf(a)
          ) : (
            <Anchor component={Link} to={`/admin/manage/view-user/${a.employeeId}`}>
              {targetOf(a)}
            </Anchor>
          )}
        </Text>
        {actorOf(a) ? (
          <Text size="sm">
            <Text span fw={600}>
              By:{' '}
            </Text>
            {actorOf(a)}
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
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
  const [shown, setShown] = useState<Opened | null>(null);
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
      <Dock opened={opened && shown?.kind === 'activity'} onClose={close} title="Activity Detail" width={DOCK_WIDTHS.activity}>
        {shown?.kind === 'activity' ? <ActivityDetail activityId={shown.id} employeeId={employeeId} timeZone={timeZone} /> : null}
      </Dock>
      <Dock opened={opened && shown?.kind === 'event'} onClose={close} title="HR Event" width={DOCK_WIDTHS.record} testId="activity-event-dock">
        {shown?.kind === 'event' ? <FolderEventPanel id={shown.id} employeeId={employeeId} timeZone={timeZone} onDeleted={close} /> : null}
      </Dock>
      <Dock opened={opened && shown?.kind === 'document'} onClose={close} title="HR Document" width={DOCK_WIDTHS.record} testId="activity-document-dock">
        {shown?.kind === 'document' ? <FolderDocumentPanel id={shown.id} employeeId={employeeId} timeZone={timeZone} onDeleted={close} /> : null}
      </Dock>
    </Card>
  );
}
