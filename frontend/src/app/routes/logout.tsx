import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { useLogout } from '@/features/auth/api/logout';
import { isEmbedded, notifyParentOfLogout } from '@/lib/embed';

/**
 * /logout: ends the session on the server, clears all stored state and goes to the login page.
 * Embedded in another page, it tells the parent window instead (spec 000 §2).
 */
export function LogoutRoute() {
  usePageTitle('Log out');
  const navigate = useNavigate();
  const logout = useLogout();
  const started = useRef(false);
  const [embeddedDone, setEmbeddedDone] = useState(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    logout.mutate(undefined, {
      onSettled: () => {
        if (isEmbedded()) {
          notifyParentOfLogout();
          setEmbeddedDone(true);
        } else {
          navigate('/login', { replace: true });
        }
      },
    });
  }, [logout, navigate]);

  return (
    <Center component="main" id="main-content" mih="60vh">
      <Stack align="center" gap="sm" role="status">
        {embeddedDone ? null : <Loader />}
        <Text>{embeddedDone ? 'You have been logged out.' : 'Logging out...'}</Text>
      </Stack>
    </Center>
  );
}
