import './screen-styles';
import { usePageTitle } from '@/components/page-title';
import { CelebrationsScreen } from '@/features/celebrations/components/celebrations-screen';
import { useIdentity } from '@/lib/session';

/** /celebrations (000 §2, 002 §2): every member of a company; messages for admins and managers. */
export function CelebrationsRoute() {
  const identity = useIdentity();
  usePageTitle('Celebrations');
  return <CelebrationsScreen identity={identity} />;
}
