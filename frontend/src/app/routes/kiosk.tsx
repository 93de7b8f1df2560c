// The kiosk's modals (Leave kiosk mode): the public pages' styles have no Modal.
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useLogout } from '@/features/auth/api/logout';
import { KioskScreen } from '@/features/kiosk/components/kiosk-screen';
import { readKioskSecret } from '@/lib/kiosk';
import { useSession } from '@/lib/session';

export const SIGNING_OUT_TEXT = 'Signing out before kiosk mode…';

/**
 * /kiosk (issue 40), outside the signed-in shell: a shared device where people clock in with their
 * PIN. A kiosk holds nobody's session: a device with a kiosk credential that still has one (the
 * admin who just chose 'Open kiosk mode on this device', someone who signed in on it since) is
 * signed out first (POST /auth/logout, the stored state and cached data cleared), then the kiosk
 * opens. Leaving kiosk mode goes to the login page.
 */
export function KioskRoute() {
  const navigate = useNavigate();
  const session = useSession();
  const logout = useLogout();
  const started = useRef(false);
  const signOutFirst = session !== null && readKioskSecret() !== null;

  useEffect(() => {
    if (!signOutFirst || started.current) return;
    started.current = true;
    logout.mutate();
  }, [signOutFirst, logout]);

  if (signOutFirst) {
    return (
      <Center component="main" id="main-content" mih="60vh">
        <Stack align="center" gap="sm">
          <Loader aria-label={SIGNING_OUT_TEXT} />
          <Text>{SIGNING_OUT_TEXT}</Text>
        </Stack>
      </Center>
    );
  }
  return <KioskScreen onLeft={() => navigate('/login', { replace: true })} />;
}
