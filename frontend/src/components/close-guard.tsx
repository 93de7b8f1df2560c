import { createContext, use, useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { escapeClosesDialog } from './dialog-escape';

/** Asked of each form in a dock or modal when someone closes it: does it hold unsaved changes? */
type DirtyCheck = () => boolean;
type Register = (check: DirtyCheck) => () => void;

const DirtyForms = createContext<Register | null>(null);

/**
 * A form in a dock or modal (Dock, FormModal): closing it by its close button, Escape or a click
 * beside it while `isDirty()` first asks 'Discard unsaved changes?'. Asked only then, so the check
 * may read an uncontrolled form. A save that closes the dock itself is never asked about; a form
 * that stays open after saving resets what it compares with (@mantine/form's `resetDirty`).
 * Outside a dock or modal it does nothing.
 */
export function useDiscardGuard(isDirty: DirtyCheck) {
  const register = use(DirtyForms);
  const latest = useRef(isDirty);
  useLayoutEffect(() => {
    latest.current = isDirty;
  });
  useEffect(() => register?.(() => latest.current()), [register]);
}

export interface CloseGuard {
  /** The dialog's root element (Drawer's or Modal's `ref`): Escape pressed in it closes it. */
  rootRef: RefObject<HTMLDivElement | null>;
  /** The dialog's own close (button, click beside it, Escape): asks first when a form is dirty. */
  requestClose: () => void;
  register: Register;
  /** The props of `DiscardQuestion`. */
  question: DiscardQuestionProps;
}

/**
 * The closing rules of the app's docks and modals: Escape closes only the innermost thing open (see
 * dialog-escape.ts), and closing over unsaved changes asks first. Give the dialog
 * `closeOnEscape={false}` (Mantine's own listener would close it under an open popup), `ref={rootRef}`
 * and `onClose={requestClose}`; wrap its content in `GuardedForms` and render `DiscardQuestion`
 * beside it. Destructure the answer: the lint takes an object holding a ref for a ref.
 */
export function useCloseGuard({ opened, onClose, closeOnEscape }: { opened: boolean; onClose: () => void; closeOnEscape: boolean }): CloseGuard {
  const rootRef = useRef<HTMLDivElement>(null);
  const checks = useRef(new Set<DirtyCheck>());
  const [asking, setAsking] = useState(false);
  if (asking && !opened) setAsking(false);

  const register = useCallback<Register>((check) => {
    checks.current.add(check);
    return () => {
      checks.current.delete(check);
    };
  }, []);
  const requestClose = () => {
    if ([...checks.current].some((check) => check())) setAsking(true);
    else onClose();
  };

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (rootRef.current && escapeClosesDialog(rootRef.current, event)) requestClose();
  });
  useEffect(() => {
    if (!opened || !closeOnEscape) return;
    // Capture: decided before a popup's own handler closes it, as the page was when the key went down.
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  }, [opened, closeOnEscape]);

  return {
    rootRef,
    requestClose,
    register,
    question: {
      opened: asking,
      onKeep: () => setAsking(false),
      onDiscard: () => {
        setAsking(false);
        onClose();
      },
    },
  };
}

/** Lets the forms inside a dock or modal register with its guard (`useDiscardGuard`). */
export function GuardedForms({ register, children }: { register: Register; children: ReactNode }) {
  return <DirtyForms value={register}>{children}</DirtyForms>;
}

interface DiscardQuestionProps {
  opened: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}

/** 'Discard unsaved changes?': Keep editing (focused: Enter keeps the work) or Discard. */
export function DiscardQuestion({ opened, onKeep, onDiscard }: DiscardQuestionProps) {
  return (
    <ConfirmDialog
      opened={opened}
      title="Discard unsaved changes?"
      message="What you entered here has not been saved."
      confirmLabel="Discard"
      cancelLabel="Keep editing"
      focusCancel
      danger
      onConfirm={onDiscard}
      onCancel={onKeep}
    />
  );
}
