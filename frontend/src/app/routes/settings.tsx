import './manage-styles';
import '@mantine/core/styles/NumberInput.css';
// The overtime rules' switches.
import '@mantine/core/styles/Switch.css';
import { SettingsScreen } from '@/features/settings/components/settings-screen';
import { isAdmin } from '@/lib/identity';
import { useIdentity } from '@/lib/session';

/** /admin/manage/settings (?tab= numbers: SETTINGS_TABS). Admins change the time settings and the PTO setup; managers see them. */
export function SettingsRoute() {
  const identity = useIdentity();
  return <SettingsScreen canEditTime={isAdmin(identity)} canEditPto={isAdmin(identity)} />;
}
