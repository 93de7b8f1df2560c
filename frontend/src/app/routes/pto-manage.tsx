import './manage-styles';
import { PtoManageScreen } from '@/features/pto/components/pto-manage-screen';
import { isAdmin } from '@/lib/identity';
import { useIdentity } from '@/lib/session';

/** /admin/ptomanage (002 §2): plans, PTO types and paid holidays; admins change them, managers see them. */
export function PtoManageRoute() {
  const identity = useIdentity();
  return <PtoManageScreen canEdit={isAdmin(identity)} />;
}
