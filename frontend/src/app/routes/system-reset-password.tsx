import './system-styles';
import { ResetPasswordScreen } from '@/features/system/components/reset-password-screen';

/** /sy5tem/resetpwd?email=: Reset Password. */
export const SystemResetPasswordRoute = () => <ResetPasswordScreen />;
