import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-client';
import { GENERIC_FORM_ERROR } from '@/lib/form-errors';
import { isRevoked } from '../api/client';
import { useLeaveKiosk } from '../api/leave';

export const LEAVE_TITLE = 'Leave kiosk mode';
export const LEAVE_INTRO = 'An admin of the company signs in to turn this device back into an ordinary browser.';
export const NOT_AN_ADMIN = 'That is not an admin of this company, or the password is wrong.';
export const LEAVE_BLANK = "Please enter an admin's e-mail address and password";

interface LeaveKioskModalProps {
  opened: boolean;
  secret: string;
  onClose: () => void;
  /** The admin's sign-in was right: kiosk mode ends. */
  onLeft: () => void;
  /** The kiosk turned out to be revoked. */
  onRevoked: () => void;
}

/**
 * 'Leave kiosk mode': an admin's e-mail and password (POST /kiosk/leave; no session is kept). A
 * wrong one, or someone who is not an admin of the company, hears so; too many tries hear the
 * server's wait.
 */
export function LeaveKioskModal({ opened, secret, onClose, onLeft, onRevoked }: LeaveKioskModalProps) {
  const leave = useLeaveKiosk(secret);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setEmail('');
    setPassword('');
    setError(null);
    leave.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={LEAVE_TITLE} centered size="md">
      <form
        noValidate
        aria-label={LEAVE_TITLE}
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          if (!email.trim() || !password) {
            setError(LEAVE_BLANK);
            return;
          }
          leave.mutate(
            { email: email.trim(), password },
            {
              onSuccess: (answer) => {
                if (answer.left) onLeft();
                else setError(NOT_AN_ADMIN);
              },
              onError: (err) => {
                setPassword('');
                if (isRevoked(err)) {
                  onRevoked();
                  return;
                }
                if (err instanceof ApiError && err.status === 401) setError(NOT_AN_ADMIN);
                else if (err instanceof ApiError && err.status < 500) setError(err.firstMessage);
                else setError(`Sorry ${GENERIC_FORM_ERROR}`);
              },
            },
          );
        }}
      >
        <Stack gap="md">
          <Text size="sm">{LEAVE_INTRO}</Text>
          {error ? <FormAlert>{error}</FormAlert> : null}
          <TextInput
            label="Admin e-mail"
            type="email"
            autoComplete="off"
            size="md"
            data-autofocus
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput label="Password" autoComplete="off" size="md" value={password} onChange={(event) => setPassword(event.currentTarget.value)} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" onClick={close} disabled={leave.isPending}>
              Cancel
            </Button>
            <Button type="submit" size="md" loading={leave.isPending}>
              {LEAVE_TITLE}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
