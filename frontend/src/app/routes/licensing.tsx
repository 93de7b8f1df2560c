import './manage-styles';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { LicensingScreen } from '@/features/licensing/components/licensing-screen';
import { folderLicensingPath } from '@/features/manage/components/labels';
import { isAdmin } from '@/lib/identity';
import { useIdentity } from '@/lib/session';

/**
 * /admin/manage/licensing (issue 42, admins and managers; ?tab= numbers: LICENSING_TABS): the
 * producers' compliance, "Who may sell?" and the E&O policies; admins also set the state rules and
 * import licences from a CSV.
 */
export function LicensingRoute() {
  const identity = useIdentity();
  return <LicensingScreen isAdmin={isAdmin(identity)} folderPath={folderLicensingPath} timeZone={identity.timezone} />;
}
