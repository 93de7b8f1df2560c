import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-client';
import { confirmEmailChange } from '../api/confirm-email-change';

export const INVALID_CHANGE_LINK = 'This link is invalid or has expired.';

type State = { kind: 'confirming' } | { kind: 'done'; message: string } | { kind: 'error'; message: string };

/** Confirms a new sign-in e-mail from the link mailed to it, then offers the login page. */
export function ConfirmEmailChange({ token, onConfirmed }: { token: string | null; onConfirmed: () => void }) {
  const [state, setState] = useState<State>(() =>
    token ? { kind: 'confirming' } : { kind: 'error', message: INVALID_CHANGE_LINK },
  );
  const started = useRef(false);
  const confirmed = useRef(onConfirmed);
  useEffect(() => {
    confirmed.current = onConfirmed;
  });
  useEffect(() => {
    // The link works once: never send it twice (StrictMode runs effects twice).
    if (started.current || !token) return;
    started.current = true;
    confirmEmailChange(token).then(
      (data) => {
        setState({ kind: 'done', message: data.message });
        confirmed.current();
      },
      (err: unknown) => setState({ kind: 'error', message: err instanceof ApiError ? err.message : INVALID_CHANGE_LINK }),
    );
  }, [token]);

  if (state.kind === 'confirming') {
    return (
      <Stack align="center" gap="sm" role="status">
        <Loader />
        <Text>Confirming your new email address...</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {state.kind === 'done' ? (
        <FormAlert color="green">{state.message}</FormAlert>
      ) : (
        <FormAlert>{`Error: ${state.message}`}</FormAlert>
      )}
      <Anchor component={Link} to="/login">
        Go to login
      </Anchor>
    </Stack>
  );
}
