import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { usePleaseWait } from '@/lib/loading';

const SHOW_AFTER_MS = 300;

// Mantine's Modal (focus trap, portal, scroll lock) is not needed to show the first page, so its
// code is fetched the first time something takes long enough to need it.
const PleaseWaitDialog = lazy(() => import('./please-wait-dialog'));

/** The 'Please wait' modal (spec 000 §2): while a screen's code loads or a tracked operation runs. */
export function PleaseWaitModal() {
  const navigating = useNavigation().state === 'loading';
  const working = usePleaseWait();
  const busy = navigating || working;
  const [visible, setVisible] = useState(false);
  const [used, setUsed] = useState(false);

  useEffect(() => {
    if (!busy) return;
    // Quick loads never flash the modal.
    const timer = setTimeout(() => {
      setVisible(true);
      setUsed(true);
    }, SHOW_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setVisible(false);
    };
  }, [busy]);

  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <PleaseWaitDialog opened={busy && visible} />
    </Suspense>
  );
}

export function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <Outlet />
      <PleaseWaitModal />
      <ScrollRestoration />
    </>
  );
}
