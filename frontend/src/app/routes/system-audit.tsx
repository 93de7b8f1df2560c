import './system-styles';
import { AuditScreen } from '@/features/system/components/audit-screen';

/** /sy5tem/audit?companyId=: the audit log of system actions. */
export const AuditRoute = () => <AuditScreen />;
