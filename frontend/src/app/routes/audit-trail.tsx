import './manage-styles';
import { AuditTrailScreen } from '@/features/audit/components/audit-trail-screen';
import { useIdentity } from '@/lib/session';

/** /admin/manage/audit (issue 43, admins and managers): the company's audit trail, times on the company's clock. */
export function AuditTrailRoute() {
  const identity = useIdentity();
  return <AuditTrailScreen timeZone={identity.timezone} />;
}
