import { notifications } from '@mantine/notifications';
import { Loader, Paper, SimpleGrid, Stack, Tabs, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { isAdmin, type Identity } from '@/lib/identity';
import { useManageData } from '../api/get-manage-data';
import { useUserData } from '../api/get-user-data';
import { fullName } from '../api/schemas';
import { ContactsEditor } from './contacts-editor';
import { EmployeeForm } from './employee-form';
import { failureMessage } from './labels';
import { PersonKioskPinCard } from './person-kiosk-pin-card';
import { PersonLocationsCard } from './person-locations-card';

export const TAB_BASIC = '1';
export const TAB_CONTACTS = '2';

interface EmployeeEditScreenProps {
  identity: Identity;
  /** The employee to edit, or null to add one. */
  employeeId: number | null;
}

/**
 * /admin/manage/add-user and /admin/manage/edit-user/{id} (spec 001 §2): tab 1 (?tab=1) basic
 * information, tab 2 (?tab=2) emergency contacts of an existing employee. After saving: the
 * folder, with ?pto=setup for someone new. An admin of a company integrated with AgencyZoom who
 * adds someone goes to /admin/manage/add-batch?azCheck=1 instead, which starts the import: the
 * company's staff (names and e-mails) comes from AgencyZoom (spec 001 §2). An admin editing someone
 * also finds, under the basic information, the work locations the person is held to and a way to
 * set them a new kiosk PIN (issue 40).
 */
export function EmployeeEditScreen({ identity, employeeId }: EmployeeEditScreenProps) {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const data = useManageData();
  const employee = useUserData(employeeId);
  const title = employeeId === null ? 'Add Employee' : employee.data ? `Edit ${fullName(employee.data)}` : 'Edit Employee';
  usePageTitle(title);

  const tab = employeeId !== null && search.get('tab') === TAB_CONTACTS ? TAB_CONTACTS : TAB_BASIC;
  const admin = isAdmin(identity);
  const loading = data.isPending || (employeeId !== null && employee.isPending);
  const failed = data.error ?? (employeeId !== null ? employee.error : null);
  const importInstead = employeeId === null && admin && data.data?.integratedWithAz === true;

  useEffect(() => {
    if (importInstead) navigate('/admin/manage/add-batch?azCheck=1', { replace: true });
  }, [importInstead, navigate]);

  const basic =
    loading ? (
      <Loader aria-label="Loading" />
    ) : failed || !data.data ? (
      <FormAlert>{failureMessage(failed)}</FormAlert>
    ) : (
      <EmployeeForm
        key={employee.data?.id ?? 'new'}
        employee={employee.data ?? null}
        data={data.data}
        canSetPermission={admin}
        onSaved={({ employee: saved, created, emailChangeSentTo }) => {
          if (emailChangeSentTo) notifications.show({ color: 'blue', message: emailChangeNotice(emailChangeSentTo) });
          navigate(`/admin/manage/view-user/${saved.id}${created ? '?pto=setup' : ''}`);
        }}
      />
    );

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {title}
      </Title>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        {employeeId === null ? (
          basic
        ) : (
          <Tabs
            value={tab}
            onChange={(next) => setSearch((prev) => {
              const params = new URLSearchParams(prev);
              params.set('tab', next ?? TAB_BASIC);
              return params;
            }, { replace: true })}
            keepMounted={false}
          >
            <Tabs.List mb="md">
              <Tabs.Tab value={TAB_BASIC}>Basic Information</Tabs.Tab>
              <Tabs.Tab value={TAB_CONTACTS}>Emergency Contacts</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value={TAB_BASIC}>{basic}</Tabs.Panel>
            <Tabs.Panel value={TAB_CONTACTS}>
              <ContactsEditor eid={employeeId} canEdit={admin || identity.eid === employeeId} />
            </Tabs.Panel>
          </Tabs>
        )}
      </Paper>
      {admin && employeeId !== null && tab === TAB_BASIC ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
          <PersonLocationsCard employeeId={employeeId} canEdit />
          <PersonKioskPinCard employeeId={employeeId} />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

/** What the admin is told when a changed sign-in e-mail waits for its link. */
export const emailChangeNotice = (email: string) =>
  `We sent a link to ${email}. The new address becomes the sign-in email once it is followed.`;
