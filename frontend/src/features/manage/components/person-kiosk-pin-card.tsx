import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { formFailure } from '@/lib/form-errors';
import { isPinShaped, PIN_MAX_DIGITS, PIN_MESSAGE, pinDigits } from '@/lib/kiosk';
import { useResetKioskPin } from '../api/kiosk-pin';

export const KIOSK_PIN_HELP =
  'The PIN this person types at the company’s kiosks. Set a new one when they forgot theirs: it replaces it, and lets them use the kiosks again after too many wrong PINs.';
export const KIOSK_PIN_SET = 'The new PIN is set. Tell the person, and ask them to choose their own on the clock page.';

/**
 * The employee edit screen's 'Kiosk PIN' card (issue 40), admins only: a new PIN for the person
 * (POST /kiosks/reset-pin), never the one they have. The server's refusal (too easy to guess)
 * shows on the field.
 */
export function PersonKioskPinCard({ employeeId }: { employeeId: number }) {
  const reset = useResetKioskPin();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const done = message === KIOSK_PIN_SET;

  return (
    <Card withBorder radius="md" p="lg" data-testid="person-kiosk-pin">
      <form
        noValidate
        aria-label="Kiosk PIN"
        onSubmit={(event) => {
          event.preventDefault();
          setMessage(null);
          if (!isPinShaped(pin)) {
            setError(PIN_MESSAGE);
            return;
          }
          setError(null);
          reset.mutate(
            { employeeId, pin },
            {
              onSuccess: () => {
                setPin('');
                setMessage(KIOSK_PIN_SET);
              },
              onError: (err) => {
                const failure = formFailure(err, ['pin'], { useServerMessage: true });
                setError(failure.fieldErrors.pin ?? null);
                if (failure.message) setMessage(`Sorry ${failure.message}`);
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Kiosk PIN
          </Title>
          <Text size="sm" c="dimmed">
            {KIOSK_PIN_HELP}
          </Text>
          {message ? <FormAlert color={done ? 'green' : 'red'}>{message}</FormAlert> : null}
          <PasswordInput
            label="New PIN"
            description="4 to 6 digits"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={PIN_MAX_DIGITS}
            value={pin}
            onChange={(event) => {
              setPin(pinDigits(event.currentTarget.value));
              setError(null);
              if (done) setMessage(null);
            }}
            error={error}
            aria-invalid={error ? true : undefined}
          />
          <Group>
            <Button type="submit" loading={reset.isPending}>
              Set a new PIN
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
