import { useState } from 'react';
import { Alert, Anchor, Button, Grid, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { isAdmin, type Identity } from '@/lib/identity';
import { useUserFullData } from '../api/get-user-data';
import { fullName, STATUS_ACTIVE } from '../api/schemas';
import { failureMessage, FOLDER_TABS, isNotFound, TEXTS } from './labels';
import { EmployeePtoCard } from '@/features/pto/components/employee-pto-card';
import { HrQuickAdd } from '@/features/hr/components/hr-quick-add';
import { isAddKind, type AddKind } from '@/features/hr/components/labels';
import { ContactsCard, ProfileDetails } from './folder-side-cards';
import { FolderTabs } from './folder-tabs';
import { PersonOvertimeCard } from './person-overtime-card';
import { ProfileCard } from './profile-card';
import { useFolderParams } from './use-folder-params';

/** The tab that lists what an add dock saved. */
const TAB_OF_ADDED: Record<AddKind, string> = { event: FOLDER_TABS.events, doc: FOLDER_TABS.documents, request: FOLDER_TABS.requests };

/**
 * The employee folder (/admin/manage/view-user/{id}, spec 001 §2): profile card, profile,
 * overtime-rules (issue 37) and emergency-contact cards, and the tabs: 'All' (1, the activity
 * timeline, the default), 'HR Events' (2), 'HR Documents' (3), 'HR Doc Request' (4) and 'Time Off
 * History' (5); ?tab= selects one. While the employee is active, the quick add (HR Event, HR Doc, HR Doc Request) opens the
 * add docks; ?autoStart=event|doc|request opens one on arrival. ?reactivated=1 welcomes the person
 * back; ?pto (after adding someone) says a login e-mail went out.
 */
export function EmployeeFolderScreen({ identity, employeeId }: { identity: Identity; employeeId: number }) {
  const { search, tab, showTab, dropParam } = useFolderParams();
  const location = useLocation();
  const [ptoSetup, setPtoSetup] = useState(false);
  const full = useUserFullData(employeeId);
  const employee = full.data?.employee;
  const autoStart = search.get('autoStart');
  usePageTitle(employee ? fullName(employee) : 'Employee');

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
              employeeName={fullName(employee)}
              canAddManually={isAdmin(identity) && identity.eid !== employee.id}
              canSetUp={isAdmin(identity)}
              setupOpened={ptoSetup}
              onSetupChange={setPtoSetup}
            />
            <ProfileDetails employee={employee} />
            <PersonOvertimeCard employeeId={employee.id} canEdit={isAdmin(identity)} timeZone={identity.timezone} />
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
          <FolderTabs employeeId={employee.id} timeZone={identity.timezone} tab={tab} onTab={showTab} />
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
