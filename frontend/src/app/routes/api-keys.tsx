import './manage-styles';
import { ApiKeysScreen } from '@/features/api-keys/components/api-keys-screen';
import { useIdentity } from '@/lib/session';

/** /admin/manage/api-keys (issue 43, admins only): the company's API keys, times on the company's clock. */
export function ApiKeysRoute() {
  const identity = useIdentity();
  return <ApiKeysScreen timeZone={identity.timezone} />;
}
