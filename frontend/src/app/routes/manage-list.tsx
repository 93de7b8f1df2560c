import './manage-styles';
import { EmployeeListScreen } from '@/features/manage/components/employee-list';
import { isAdmin } from '@/lib/identity';
import { useIdentity } from '@/lib/session';

/** /admin/manage: HR Folders, the employee list (privileged); 'Allocate PTO' for admins. */
export function ManageListRoute() {
  const identity = useIdentity();
  return <EmployeeListScreen canAllocatePto={isAdmin(identity)} />;
}
