import './manage-styles';
import '@mantine/core/styles/NumberInput.css';
import { SettingsScreen } from '@/features/settings/components/settings-screen';
import { isAdmin } from '@/lib/identity';
import { useIdentity } from '@/lib/session';

/** /admin/manage/settings (?tab=1: Time & Overtime, ?tab=4: Job Roles). Admins change the time settings. */
export function SettingsRoute() {
  const identity = useIdentity();
  return <SettingsScreen canEditTime={isAdmin(identity)} canEditPto={isAdmin(identity)} />;
}
