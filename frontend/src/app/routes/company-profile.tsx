import './screen-styles';
import { usePageTitle } from '@/components/page-title';
import { CompanyProfileScreen } from '@/features/company/components/company-profile-screen';
import { useIdentity } from '@/lib/session';

/** /admin/manage/company-profile: 'My Company' (admins edit, managers read). */
export function CompanyProfileRoute() {
  const identity = useIdentity();
  usePageTitle('My Company');
  return <CompanyProfileScreen identity={identity} />;
}
