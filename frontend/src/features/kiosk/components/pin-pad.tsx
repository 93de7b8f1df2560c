import { Box, Button, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { PIN_MAX_DIGITS, PIN_MIN_DIGITS } from '@/lib/kiosk';
import classes from './kiosk.module.css';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

export const DELETE_DIGIT_LABEL = 'Delete the last digit';

/** '3 digits entered', announced as the PIN grows and shrinks (the dots say nothing to a screen reader). */
export const digitsEnteredText = (count: number): string => (count === 1 ? '1 digit entered' : `${count} digits entered`);

interface PinPadProps {
  /** The digits typed so far. */
  value: string;
  onChange: (value: string) => void;
  /** OK (or Enter) with 4 to 6 digits. */
  onSubmit: () => void;
  /** Escape. */
  onCancel?: () => void;
  /** What the pad is for, e.g. 'PIN of Ana Lopez'. */
  label: string;
  disabled?: boolean;
  /** OK shows it is sending. */
  busy?: boolean;
}

/** Keys typed into a field are the field's, not the pad's. */
function typedIntoAField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The kiosk's on-screen PIN pad: a dot for each digit typed (never the digits), big keys 0–9, a key
 * that deletes the last digit and OK (from 4 digits on). The keyboard works too: digits, Backspace,
 * Enter, Escape. How many digits are typed is announced to screen readers.
 */
export function PinPad({ value, onChange, onSubmit, onCancel, label, disabled = false, busy = false }: PinPadProps) {
  const labelId = useId();
  const ready = value.length >= PIN_MIN_DIGITS;
  // The keyboard listener is added once; it reads the latest props through this ref.
  const latest = useRef({ value, onChange, onSubmit, onCancel, disabled: disabled || busy });
  useEffect(() => {
    latest.current = { value, onChange, onSubmit, onCancel, disabled: disabled || busy };
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const now = latest.current;
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typedIntoAField(event.target)) return;
      if (event.key === 'Escape') {
        if (now.onCancel) {
          event.preventDefault();
          now.onCancel();
        }
        return;
      }
      if (now.disabled) return;
      if (/^\d$/.test(event.key)) {
        event.preventDefault();
        if (now.value.length < PIN_MAX_DIGITS) now.onChange(now.value + event.key);
      } else if (event.key === 'Backspace') {
        event.preventDefault();
        now.onChange(now.value.slice(0, -1));
      } else if (event.key === 'Enter') {
        // Enter on a focused key of the pad presses that key.
        if (event.target instanceof HTMLButtonElement) return;
        event.preventDefault();
        if (now.value.length >= PIN_MIN_DIGITS) now.onSubmit();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const type = (digit: string) => {
    if (value.length < PIN_MAX_DIGITS) onChange(value + digit);
  };
  const slots = Math.max(PIN_MIN_DIGITS, value.length);

  return (
    <Stack gap="md" role="group" aria-labelledby={labelId} maw={360} w="100%" mx="auto" data-testid="pin-pad">
      <Text id={labelId} ta="center" fw={600} fz="lg">
        {label}
      </Text>
      <div className={classes.dots} aria-hidden="true" data-testid="pin-dots">
        {Array.from({ length: slots }, (_, index) => (
          <Box key={index} className={classes.dot} data-filled={index < value.length || undefined} />
        ))}
      </div>
      <VisuallyHidden aria-live="polite" aria-atomic="true">
        {digitsEnteredText(value.length)}
      </VisuallyHidden>
      <SimpleGrid cols={3} spacing="sm">
        {DIGITS.map((digit) => (
          <Button key={digit} variant="default" className={classes.key} disabled={disabled || busy || value.length >= PIN_MAX_DIGITS} onClick={() => type(digit)}>
            {digit}
          </Button>
        ))}
        <Button variant="default" className={classes.key} aria-label={DELETE_DIGIT_LABEL} disabled={disabled || busy || value.length === 0} onClick={() => onChange(value.slice(0, -1))}>
          ⌫
        </Button>
        <Button variant="default" className={classes.key} disabled={disabled || busy || value.length >= PIN_MAX_DIGITS} onClick={() => type('0')}>
          0
        </Button>
        <Button className={classes.key} disabled={disabled || !ready} loading={busy} onClick={onSubmit}>
          OK
        </Button>
      </SimpleGrid>
    </Stack>
  );
}
