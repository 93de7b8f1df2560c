import './manage-styles';
import { HolidaysScreen } from '@/features/pto/components/holidays-screen';
import { isAdmin } from '@/lib/identity';
import { useIdentity } from '@/lib/session';

/** /admin/manage/holidays (002 §2): the paid holidays as a page; admins change them, managers see them. */
export function HolidaysRoute() {
  const identity = useIdentity();
  return <HolidaysScreen canEdit={isAdmin(identity)} />;
}
