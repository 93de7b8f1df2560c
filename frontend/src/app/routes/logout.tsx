import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { usePageTitle } from '@/components/page-title';
import { useLogout } from '@/features/auth/api/logout';
import { isEmbedded, notifyParentOfLogout } from '@/lib/embed';
import { unsentPressCount } from '@/lib/outbox-idb';
import { sessionStore } from '@/lib/session';

export const LOGGED_OUT_TEXT = 'You have been logged out.';

/** The question before signing out with presses still on the phone (issue 39). */
export const UNSENT_PRESSES_TITLE = 'Sign out?';
export function unsentPressesText(count: number): string {
  return count === 1
    ? '1 press on this phone is not sent yet. If you sign out, it stays here and is sent when you sign in again.'
    : `${count} presses on this phone are not sent yet. If you sign out, they stay here and are sent when you sign in again.`;
}

type Phase = 'checking' | 'asking' | 'leaving';

/**
 * /logout: ends the session on the server, clears all stored state and goes to the login page.
 * Embedded in another page, it tells the parent window instead (spec 000 §2), at the session's
 * embedding origin — only ever a configured one (lib/embed.ts) — and stays on a short notice.
 *
 * Clock presses made offline and not sent yet (issue 39) are the person's, kept on the phone: the
 * route asks first, and signing out leaves them there, to be sent when that person signs in again.
 */
export function LogoutRoute() {
  usePageTitle('Log out');
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useLogout();
  const started = useRef(false);
  const [phase, setPhase] = useState<Phase>('checking');
  const [unsent, setUnsent] = useState(0);
  const [embeddedDone, setEmbeddedDone] = useState(false);

  useEffect(() => {
    let live = true;
    void unsentPressCount(sessionStore.get()?.identity.eid ?? null).then((count) => {
      if (!live) return;
      setUnsent(count);
      setPhase(count > 0 ? 'asking' : 'leaving');
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (phase !== 'leaving' || started.current) return;
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
  }, [phase, logout, navigate]);

  const stay = () => {
    // Back where the person came from; opened directly, their home (the landing page sends them).
    if (location.key !== 'default') navigate(-1);
    else navigate('/', { replace: true });
  };

  return (
    <Center component="main" id="main-content" mih="60vh">
      <ConfirmDialog
        opened={phase === 'asking'}
        title={UNSENT_PRESSES_TITLE}
        message={unsentPressesText(unsent)}
        confirmLabel="Sign out"
        focusCancel
        onConfirm={() => setPhase('leaving')}
        onCancel={stay}
      />
      <Stack align="center" gap="sm" role="status">
        {embeddedDone || phase === 'asking' ? null : <Loader />}
        <Text>{embeddedDone ? LOGGED_OUT_TEXT : phase === 'asking' ? 'Presses on this phone are not sent yet.' : 'Logging out...'}</Text>
      </Stack>
    </Center>
  );
}
