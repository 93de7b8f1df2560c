import { Anchor, Button, Card, Group, Loader, Stack, Text, Timeline, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { PersonAvatar } from '@/components/person-avatar';
import { useActivityDetails, useUserActivities } from '../api/get-user-activities';
import { DETAILED_ACTIVITIES, type Activity } from '../api/schemas';
import { Dock } from '@/components/dock';
import { DOCK_WIDTHS, failureMessage, formatMediumDate, TEXTS } from './labels';

const actorOf = (a: Activity): string => `${a.actorFirstname ?? ''} ${a.actorLastname ?? ''}`.trim();
const targetOf = (a: Activity): string => `${a.targetFirstname} ${a.targetLastname}`.trim();

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

/**
 * The employee's activity timeline (GET /manage/user-activities, 20 a page, newest first, 'Show
 * More' for the next page). Start, terminate and reactivate activities open their detail (550 dock).
 */
export function ActivityTimeline({ employeeId, timeZone }: { employeeId: number; timeZone: string }) {
  const activities = useUserActivities(employeeId);
  const [shown, setShown] = useState<number | null>(null);
  const [opened, setOpened] = useState(false);
  const items = activities.data?.pages.flatMap((p) => p.activities) ?? [];

  return (
    <Card withBorder radius="md" p="lg" data-testid="activity-card">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Activity
        </Title>
        {activities.isPending ? (
          <Loader size="sm" aria-label="Loading the activity" />
        ) : activities.isError ? (
          <FormAlert>{failureMessage(activities.error)}</FormAlert>
        ) : items.length === 0 ? (
          <Text c="dimmed">{TEXTS.noActivity}</Text>
        ) : (
          <Timeline bulletSize={28} lineWidth={2} active={-1}>
            {items.map((a) => {
              const detailed = DETAILED_ACTIVITIES.includes(a.activityType);
              const title = detailed ? (
                <UnstyledButton
                  onClick={() => {
                    setShown(a.id);
                    setOpened(true);
                  }}
                  fw={600}
                  c="blue.8"
                  style={{ textDecoration: 'underline' }}
                  aria-haspopup="dialog"
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
      <Dock opened={opened} onClose={() => setOpened(false)} title="Activity Detail" width={DOCK_WIDTHS.activity}>
        {shown !== null ? <ActivityDetail activityId={shown} employeeId={employeeId} timeZone={timeZone} /> : null}
      </Dock>
    </Card>
  );
}
