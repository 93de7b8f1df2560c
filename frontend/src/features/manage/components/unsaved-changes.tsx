import { useEffect, type RefObject } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TEXTS } from './labels';

/**
 * Leaving with unsaved changes asks first: another screen of the app through the returned blocker
 * (`UnsavedChangesDialog`), a reload or a closed tab through the browser's own question. Once
 * `done` is set (the changes were saved), nothing is asked.
 */
export function useUnsavedChanges(dirty: boolean, done: RefObject<boolean>) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !done.current && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (done.current) return;
      event.preventDefault();
      // Older browsers show a prompt only when returnValue is set.
      event.returnValue = TEXTS.unsavedChanges;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty, done]);

  return blocker;
}

/** 'Unsaved changes': Leave goes on to the other screen, Stay keeps this one. */
export function UnsavedChangesDialog({ blocker }: { blocker: ReturnType<typeof useBlocker> }) {
  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title="Unsaved changes"
      message={TEXTS.unsavedChanges}
      confirmLabel="Leave"
      cancelLabel="Stay"
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
