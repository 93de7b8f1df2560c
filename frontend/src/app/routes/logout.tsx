import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { useLogout } from '@/features/auth/api/logout';
import { isEmbedded, notifyParentOfLogout } from '@/lib/embed';
import { sessionStore } from '@/lib/session';

export const LOGGED_OUT_TEXT = 'You have been logged out.';

/**
 * /logout: ends the session on the server, clears all stored state and goes to the login page.
 * Embedded in another page, it tells the parent window instead (spec 000 §2), at the session's
 * embedding origin — only ever a configured one (lib/embed.ts) — and stays on a short notice.
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
    // Read before the session is cleared: the claim names the page this session was opened in.
    const claimedOrigin = sessionStore.get()?.identity.origin ?? null;
    logout.mutate(undefined, {
      onSettled: () => {
        if (isEmbedded()) {
          void notifyParentOfLogout(claimedOrigin).finally(() => setEmbeddedDone(true));
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
        <Text>{embeddedDone ? LOGGED_OUT_TEXT : 'Logging out...'}</Text>
      </Stack>
    </Center>
  );
}
