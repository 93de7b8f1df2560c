import { ImpersonateScreen } from '@/features/system/components/impersonate-screen';

/** /sy5tem/impersonate?email=: Impersonation; exiting an impersonation comes back here. */
export const ImpersonateRoute = () => <ImpersonateScreen />;
