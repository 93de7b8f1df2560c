import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthCard } from '@/components/auth-card';
import { useSignupData } from '@/features/auth/api/get-signup-data';
import { SignupForm } from '@/features/signup/components/signup-form';

export function SignupRoute() {
  const { data } = useSignupData();
  return (
    <AuthCard
      title="Start your free trial"
      subtitle="30 days free. No card, no contract."
      footer={
        <Text size="sm">
          Already have an account?{' '}
          <Anchor component={Link} to="/login" inherit>
            Log In
          </Anchor>
        </Text>
      }
    >
      <SignupForm ssoUrl={data?.authorizationUrl ?? null} />
    </AuthCard>
  );
}
