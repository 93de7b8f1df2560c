import './manage-styles';
// The work locations' picker (issue 40).
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { EmployeeEditScreen } from '@/features/manage/components/employee-edit-screen';
import { useIdentity } from '@/lib/session';
import { NOT_FOUND_TEXT } from './not-found';

/** /admin/manage/add-user and /admin/manage/edit-user/{id} (?tab=1 basic information, ?tab=2 emergency contacts). */
export function ManageEditUserRoute() {
  const identity = useIdentity();
  const { id } = useParams();
  if (id !== undefined && !/^\d+$/.test(id)) return <Container py="xl">{NOT_FOUND_TEXT}</Container>;
  const employeeId = id === undefined ? null : Number(id);
  return <EmployeeEditScreen key={employeeId ?? 'new'} identity={identity} employeeId={employeeId} />;
}
