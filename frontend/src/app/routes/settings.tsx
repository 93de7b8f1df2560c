import './manage-styles';
import { SettingsScreen } from '@/features/settings/components/settings-screen';

/** /admin/manage/settings (?tab=4: Job Roles). */
export function SettingsRoute() {
  return <SettingsScreen />;
}
