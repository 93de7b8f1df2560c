import './manage-styles';
// The PTO card's 'Exempt from overtime' (an assumed week): a Switch and a NumberInput.
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
// The Licensing tab (issue 42): CE progress bars and the lines of authority picker.
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { EmployeeFolderScreen } from '@/features/manage/components/employee-folder-screen';
import { useIdentity } from '@/lib/session';
import { NOT_FOUND_TEXT } from './not-found';

/** /admin/manage/view-user/{id}: the employee folder (?reactivated=1, ?pto). */
export function ManageViewUserRoute() {
  const identity = useIdentity();
  const { id } = useParams();
  if (!id || !/^\d+$/.test(id)) return <Container py="xl">{NOT_FOUND_TEXT}</Container>;
  return <EmployeeFolderScreen key={id} identity={identity} employeeId={Number(id)} />;
}
