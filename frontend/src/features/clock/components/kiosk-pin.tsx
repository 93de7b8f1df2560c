import { Button, Center, Group, Loader, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { formFailure, serverMessage } from '@/lib/form-errors';
import type { Identity } from '@/lib/identity';
import { isPinShaped, PIN_MAX_DIGITS, PIN_MESSAGE, pinDigits } from '@/lib/kiosk';
import { usePinState, useSetOwnPin } from '../api/kiosk-pin';

export const KIOSK_PIN_TITLE = 'Your kiosk PIN';
export const HAS_PIN = 'You have a kiosk PIN. Choose a new one below to change it.';
export const NO_PIN = 'You have no kiosk PIN yet. Choose one to clock in at your company’s kiosks: tap your name there, then type it.';
export const PIN_SAVED = 'Your kiosk PIN is saved. Use it at the kiosk after tapping your name.';
export const PINS_DIFFER = 'The two PINs are not the same';
export const PIN_PRIVATE = 'Keep it to yourself: anyone who knows it can clock in and out as you at a kiosk.';

/**
 * Under the clock card: a small 'Kiosk PIN' button that opens the person's own PIN, for the
 * company's shared kiosks (issue 40): whether one is set (GET /clock/pin, asked only once opened)
 * and a form to choose a new one (POST /clock/pin; the server's refusal shows on the field).
 */
export function KioskPinButton({ identity }: { identity: Identity }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Group justify="center">
        <Button variant="subtle" size="compact-sm" onClick={() => setOpened(true)} data-testid="kiosk-pin-button">
          Kiosk PIN
        </Button>
      </Group>
      <Modal opened={opened} onClose={() => setOpened(false)} title={KIOSK_PIN_TITLE} centered size="sm">
        {opened ? <KioskPinForm eid={identity.eid} onDone={() => setOpened(false)} /> : null}
      </Modal>
    </>
  );
}

function KioskPinForm({ eid, onDone }: { eid: number | null; onDone: () => void }) {
  const state = usePinState(eid);
  const save = useSetOwnPin(eid);
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<{ pin?: string; again?: string }>({});
  const [message, setMessage] = useState<string | null>(null);
  const saved = message === PIN_SAVED;

  if (state.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading your kiosk PIN" />
      </Center>
    );
  }

  return (
    <form
      noValidate
      aria-label={KIOSK_PIN_TITLE}
      onSubmit={(event) => {
        event.preventDefault();
        setMessage(null);
        const own: { pin?: string; again?: string } = {};
        if (!isPinShaped(pin)) own.pin = PIN_MESSAGE;
        else if (pin !== again) own.again = PINS_DIFFER;
        setErrors(own);
        if (own.pin || own.again) return;
        save.mutate(pin, {
          onSuccess: () => {
            setPin('');
            setAgain('');
            setMessage(PIN_SAVED);
          },
          onError: (err) => {
            const failure = formFailure(err, ['pin'], { useServerMessage: true });
            setErrors({ pin: failure.fieldErrors.pin });
            if (failure.message) setMessage(`Sorry ${failure.message}`);
          },
        });
      }}
    >
      <Stack gap="sm">
        {state.isError ? (
          <FormAlert>{`Sorry ${serverMessage(state.error)}`}</FormAlert>
        ) : (
          <Text size="sm" data-testid="kiosk-pin-state">
            {state.data.hasPin ? HAS_PIN : NO_PIN}
          </Text>
        )}
        {message ? <FormAlert color={saved ? 'green' : 'red'}>{message}</FormAlert> : null}
        <PasswordInput
          label={state.data?.hasPin ? 'New PIN' : 'PIN'}
          description="4 to 6 digits"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={PIN_MAX_DIGITS}
          data-autofocus
          value={pin}
          onChange={(event) => {
            setPin(pinDigits(event.currentTarget.value));
            setErrors({});
          }}
          error={errors.pin}
          aria-invalid={errors.pin ? true : undefined}
        />
        <PasswordInput
          label="Type it again"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={PIN_MAX_DIGITS}
          value={again}
          onChange={(event) => {
            setAgain(pinDigits(event.currentTarget.value));
            setErrors((prev) => ({ pin: prev.pin }));
          }}
          error={errors.again}
          aria-invalid={errors.again ? true : undefined}
        />
        <Text size="xs" c="dimmed">
          {PIN_PRIVATE}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {saved ? 'Done' : 'Cancel'}
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save PIN
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
