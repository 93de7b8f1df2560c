import './manage-styles';
import { EmployeeListScreen } from '@/features/manage/components/employee-list';

/** /admin/manage: HR Folders, the employee list (privileged). */
export function ManageListRoute() {
  return <EmployeeListScreen />;
}
