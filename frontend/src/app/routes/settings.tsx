import './manage-styles';
import '@mantine/core/styles/NumberInput.css';
// The overtime rules' switches.
import '@mantine/core/styles/Switch.css';
// The work locations' people picker (and the approval paths' people).
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { SettingsScreen } from '@/features/settings/components/settings-screen';
import { isAdmin } from '@/lib/identity';
import { useIdentity } from '@/lib/session';

/**
 * /admin/manage/settings (?tab= numbers: SETTINGS_TABS). Admins change the time settings, the PTO
 * setup and the work locations, keep the kiosks and set the approval paths (issue 41); managers see
 * the rest, and set their own stand-ins under Out of office.
 */
export function SettingsRoute() {
  const identity = useIdentity();
  const admin = isAdmin(identity);
  return (
    <SettingsScreen
      canEditTime={admin}
      canEditPto={admin}
      canEditLocations={admin}
      canManageKiosks={admin}
      canManageApprovals={admin}
      viewerId={identity.eid}
      timeZone={identity.timezone}
    />
  );
}
