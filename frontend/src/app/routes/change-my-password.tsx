import { Container, Paper, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { ChangePasswordForm, passwordFormTitle } from '@/features/auth/components/change-password-form';
import { useIdentity } from '@/lib/session';

/** Spec 000 §9: the password redirect waits 2 seconds. */
export const PASSWORD_REDIRECT_DELAY_MS = 2000;

/** /change-my-password: 'Change Password' when the person has a password, else 'Create Password'. */
export function ChangeMyPasswordRoute() {
  const identity = useIdentity();
  const navigate = useNavigate();
  // The title stays as it was when the page opened: creating a password sets hasHashPassword.
  const [hasPassword] = useState(identity.hasHashPassword);
  const [done, setDone] = useState(false);
  const title = passwordFormTitle(hasPassword);
  usePageTitle(title);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), PASSWORD_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  return (
    <Container size={480} px={0} py="md">
      <Title order={1} fz={26} mb="lg">
        {title}
      </Title>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <ChangePasswordForm hasPassword={hasPassword} onDone={() => setDone(true)} />
      </Paper>
    </Container>
  );
}
