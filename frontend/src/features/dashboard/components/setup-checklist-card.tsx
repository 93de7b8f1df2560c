import { Anchor, Badge, Button, Card, Group, List, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { useCreateDefaultHolidays } from '@/features/pto/api/holidays';
import { useDismissSetup, useSetupChecklist, type SetupKey } from '../api/get-setup';

/** Each item's name and where it is done (the server says only which are done). */
const ITEMS: Record<SetupKey, { label: string; to: string; link: string }> = {
  company: { label: 'Company details and time zone', to: '/admin/manage/company-profile', link: 'Open My Company' },
  payPeriod: { label: 'Pay period and clock settings', to: '/admin/manage/settings?tab=1', link: 'Open Settings' },
  jobRoles: { label: 'Job roles', to: '/admin/manage/settings?tab=4', link: 'Add job roles' },
  timeOff: { label: 'PTO types and a plan', to: '/admin/ptomanage', link: 'Set up PTO' },
  holidays: { label: 'Paid holidays', to: '/admin/ptomanage', link: 'See holidays' },
  people: { label: 'Invite your people', to: '/admin/manage/add-batch', link: 'Add employees' },
  policy: { label: 'Your first policy', to: '/admin/manage/hr-policy?startAdd=1', link: 'Write a policy' },
};

function Tick({ done }: { done: boolean }) {
  return (
    <ThemeIcon size={20} radius="xl" color={done ? 'green.9' : 'gray.5'} variant={done ? 'filled' : 'outline'} aria-hidden="true">
      <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        {done ? <path d="M5 12l5 5L20 7" /> : null}
      </svg>
    </ThemeIcon>
  );
}

/**
 * The guided start (issue 36) on an admin's dashboard: a new company's first steps, each linking
 * to its screen and ticking itself once done (asked again whenever the window regains focus).
 * Shown until every step is done or the admin hides it. Paid holidays take one click: the US
 * federal ones of this year.
 */
export function SetupChecklistCard({ year }: { year: number }) {
  const checklist = useSetupChecklist(true);
  const dismiss = useDismissSetup();
  const holidays = useCreateDefaultHolidays();
  const data = checklist.data;
  if (!data || data.dismissed || data.complete) return null;
  const done = data.items.filter((item) => item.done).length;
  return (
    <Card withBorder radius="md" p="md" data-testid="setup-checklist" component="section" aria-labelledby="setup-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} fz="lg" id="setup-title">
              Get Timekeep ready for your team
            </Title>
            <Text size="sm" c="dimmed" data-testid="setup-progress">
              {done} of {data.items.length} done
            </Text>
          </Stack>
          <Button variant="default" size="xs" loading={dismiss.isPending} onClick={() => dismiss.mutate(true)}>
            Hide this list
          </Button>
        </Group>
        <Progress value={(done / data.items.length) * 100} aria-label="Setup progress" size="sm" />
        <List spacing="xs" listStyleType="none" p={0}>
          {data.items.map(({ key, done: itemDone }) => {
            const item = ITEMS[key as SetupKey];
            if (!item) return null;
            return (
              <List.Item key={key} icon={<Tick done={itemDone} />} data-testid={`setup-${key}`} data-done={itemDone}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" td={itemDone ? 'line-through' : undefined} c={itemDone ? 'dimmed' : undefined}>
                    {item.label}
                  </Text>
                  {itemDone ? (
                    <Badge size="xs" color="green.9" variant="filled">
                      Done
                    </Badge>
                  ) : (
                    <>
                      <Anchor component={Link} to={item.to} size="sm" fw={600}>
                        {item.link}
                      </Anchor>
                      {key === 'holidays' ? (
                        <Button
                          size="compact-xs"
                          variant="light"
                          loading={holidays.isPending}
                          onClick={() =>
                            holidays.mutate(year, {
                              onSuccess: () => {
                                notifications.show({ color: 'green', message: `The US federal holidays of ${year} were added.` });
                                void checklist.refetch();
                              },
                            })
                          }
                        >
                          Add the US federal holidays
                        </Button>
                      ) : null}
                    </>
                  )}
                </Group>
              </List.Item>
            );
          })}
        </List>
      </Stack>
    </Card>
  );
}
