import { useState } from 'react';
import { Alert, Anchor, Button, Card, Grid, Group, Loader, Modal, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { isAdmin, type Identity } from '@/lib/identity';
import { useUserFullData } from '../api/get-user-data';
import { fullName, STATUS_ACTIVE, STATUS_TERMINATED, type Contact, type Employee } from '../api/schemas';
import { ActivityTimeline } from './activity-timeline';
import { EmailLink, PhoneLink } from './contact-links';
import { failureMessage, FOLDER_TABS, formatCalendarDate, isNotFound, TEXTS } from './labels';
import { EmployeePtoCard } from '@/features/pto/components/employee-pto-card';
import { DocRequestsTab } from '@/features/hr/components/doc-requests-tab';
import { DocumentsTab } from '@/features/hr/components/documents-tab';
import { EventsTab } from '@/features/hr/components/events-tab';
import { HrQuickAdd } from '@/features/hr/components/hr-quick-add';
import { isAddKind, type AddKind } from '@/features/hr/components/labels';
import { ProfileCard } from './profile-card';
import { TimeOffHistory } from './time-off-history';

const KNOWN_TABS: string[] = Object.values(FOLDER_TABS);

/** The tab that lists what an add dock saved. */
const TAB_OF_ADDED: Record<AddKind, string> = { event: FOLDER_TABS.events, doc: FOLDER_TABS.documents, request: FOLDER_TABS.requests };

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {value || '—'}
      </Text>
    </Stack>
  );
}

function addressOf(e: Employee): string {
  const line2 = [e.city, [e.state, e.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [e.address, line2].filter(Boolean).join('\n');
}

/** The Profile side card: birthday MM/DD, start date, manager and address. */
function ProfileDetails({ employee }: { employee: Employee }) {
  return (
    <Card withBorder radius="md" p="lg" data-testid="profile-details">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Profile
        </Title>
        <Field label="Birthday" value={employee.birthday} />
        <Field label="Start Date" value={formatCalendarDate(employee.lastStartDate)} />
        {employee.status === STATUS_TERMINATED ? <Field label="Termination Date" value={formatCalendarDate(employee.lastTerminationDate)} /> : null}
        <Field label="Manager" value={employee.managerName} />
        <Field label="Address" value={addressOf(employee)} />
      </Stack>
    </Card>
  );
}

/** Emergency contacts, with the Edit link (to tab 2) for admins only. */
function ContactsCard({ employeeId, contacts, canEdit }: { employeeId: number; contacts: Contact[]; canEdit: boolean }) {
  return (
    <Card withBorder radius="md" p="lg" data-testid="contacts-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            Emergency Contacts
          </Title>
          {canEdit ? (
            <Anchor component={Link} to={`/admin/manage/edit-user/${employeeId}?tab=2`} size="sm" aria-label="Edit emergency contacts">
              Edit
            </Anchor>
          ) : null}
        </Group>
        {contacts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {TEXTS.noContact}
          </Text>
        ) : (
          contacts.map((c) => (
            <Stack key={c.id} gap={0} data-testid="folder-contact">
              <Text size="sm" fw={600}>
                {fullName(c)}{' '}
                <Text span size="xs" c="dimmed">
                  ({c.relationship})
                </Text>
              </Text>
              <PhoneLink phone={c.phone} />
              <EmailLink email={c.email} />
            </Stack>
          ))
        )}
      </Stack>
    </Card>
  );
}

/**
 * The employee folder (/admin/manage/view-user/{id}, spec 001 §2): profile card, profile and
 * emergency-contact cards, and the tabs: 'All' (1, the activity timeline, the default), 'HR
 * Events' (2), 'HR Documents' (3), 'HR Doc Request' (4) and 'Time Off History' (5); ?tab= selects
 * one. While the employee is active, the quick add (HR Event, HR Doc, HR Doc Request) opens the
 * add docks; ?autoStart=event|doc|request opens one on arrival. ?reactivated=1 welcomes the person
 * back; ?pto (after adding someone) says a login e-mail went out.
 */
export function EmployeeFolderScreen({ identity, employeeId }: { identity: Identity; employeeId: number }) {
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const [ptoSetup, setPtoSetup] = useState(false);
  const full = useUserFullData(employeeId);
  const employee = full.data?.employee;
  const requestedTab = search.get('tab');
  const tab = requestedTab && KNOWN_TABS.includes(requestedTab) ? requestedTab : FOLDER_TABS.all;
  const autoStart = search.get('autoStart');
  usePageTitle(employee ? fullName(employee) : 'Employee');

  // One change of address at a time: React Router's updater reads the address of the last render.
  const showTab = (next: string, { dropAutoStart = false }: { dropAutoStart?: boolean } = {}) =>
    setSearch(
      (prev) => {
        const params = new URLSearchParams(prev);
        params.set('tab', next);
        if (dropAutoStart) params.delete('autoStart');
        return params;
      },
      { replace: true },
    );

  const dropParam = (key: string) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(key);
        return next;
      },
      { replace: true },
    );

  if (full.isPending) return <Loader aria-label="Loading the employee" />;
  if (full.isError || !employee) {
    return (
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Employee
        </Title>
        <FormAlert>{isNotFound(full.error) ? 'Sorry, we could not find this employee.' : failureMessage(full.error)}</FormAlert>
        <Anchor component={Link} to="/admin/manage">
          Back to HR Folders
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {search.get('reactivated') === '1' ? (
        <Alert color="green" variant="light" withCloseButton closeButtonLabel="Dismiss" onClose={() => dropParam('reactivated')} role="status" data-testid="welcome-back">
          {TEXTS.welcomeBack(fullName(employee))}
        </Alert>
      ) : null}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <ProfileCard employee={employee} viewer={identity} />
            <EmployeePtoCard
              employeeId={employee.id}
              canAddManually={isAdmin(identity) && identity.eid !== employee.id}
              canSetUp={isAdmin(identity)}
              setupOpened={ptoSetup}
              onSetupChange={setPtoSetup}
            />
            <ProfileDetails employee={employee} />
            <ContactsCard employeeId={employee.id} contacts={full.data.contacts} canEdit={isAdmin(identity)} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {employee.status === STATUS_ACTIVE ? (
            <Group justify="flex-end" mb="sm">
              <HrQuickAdd
                employeeId={employee.id}
                timeZone={identity.timezone}
                autoStart={isAddKind(autoStart) ? { kind: autoStart, key: location.key } : null}
                onAutoStartDone={() => dropParam('autoStart')}
                onSaved={(kind) => showTab(TAB_OF_ADDED[kind], { dropAutoStart: true })}
              />
            </Group>
          ) : null}
          <Tabs value={tab} keepMounted={false} onChange={(next) => showTab(next ?? FOLDER_TABS.all)}>
            <Tabs.List mb="md">
              <Tabs.Tab value={FOLDER_TABS.all}>All</Tabs.Tab>
              <Tabs.Tab value={FOLDER_TABS.events}>HR Events</Tabs.Tab>
              <Tabs.Tab value={FOLDER_TABS.documents}>HR Documents</Tabs.Tab>
              <Tabs.Tab value={FOLDER_TABS.requests}>HR Doc Request</Tabs.Tab>
              <Tabs.Tab value={FOLDER_TABS.timeOffHistory}>Time Off History</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value={FOLDER_TABS.all}>
              <ActivityTimeline employeeId={employee.id} timeZone={identity.timezone} onShowRequests={() => showTab(FOLDER_TABS.requests)} />
            </Tabs.Panel>
            <Tabs.Panel value={FOLDER_TABS.events}>
              <EventsTab employeeId={employee.id} timeZone={identity.timezone} />
            </Tabs.Panel>
            <Tabs.Panel value={FOLDER_TABS.documents}>
              <DocumentsTab employeeId={employee.id} timeZone={identity.timezone} />
            </Tabs.Panel>
            <Tabs.Panel value={FOLDER_TABS.requests}>
              <DocRequestsTab employeeId={employee.id} timeZone={identity.timezone} />
            </Tabs.Panel>
            <Tabs.Panel value={FOLDER_TABS.timeOffHistory}>
              <TimeOffHistory employeeId={employee.id} timeZone={identity.timezone} />
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
      </Grid>

      <Modal opened={search.has('pto')} onClose={() => dropParam('pto')} title={TEXTS.mailSentTitle} centered size="sm">
        <Stack gap="lg">
          <Text>{TEXTS.newEmployeeMailSent(fullName(employee))}</Text>
          <Group justify="flex-end">
            <Button
              onClick={() => {
                dropParam('pto');
                // A new employee's PTO is set up next (001 §2).
                if (isAdmin(identity)) setPtoSetup(true);
              }}
            >
              Ok
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
