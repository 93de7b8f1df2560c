import './manage-styles';
import '@mantine/core/styles/Switch.css';
import { WebhooksScreen } from '@/features/webhooks/components/webhooks-screen';
import { useIdentity } from '@/lib/session';

/** /admin/manage/webhooks (issue 43, admins only): the company's webhooks, times on the company's clock. */
export function WebhooksRoute() {
  const identity = useIdentity();
  return <WebhooksScreen timeZone={identity.timezone} />;
}
