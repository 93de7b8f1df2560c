import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { AuthCard } from '@/components/auth-card';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export function ResetPasswordRoute() {
  return (
    <AuthCard
      title="Reset Password"
      subtitle="Enter the email address of your account and we will send you a link to set a new password."
      footer={
        <Anchor component={Link} to="/login" size="sm">
          Back to Log In
        </Anchor>
      }
    >
      <ResetPasswordForm />
    </AuthCard>
  );
}
