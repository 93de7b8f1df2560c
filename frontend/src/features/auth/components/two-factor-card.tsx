import { Badge, Button, Group, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/form-alert';
import { displayDate, isoDateIn } from '@/lib/dates';
import { formFailure, serverMessage } from '@/lib/form-errors';
import {
  cleanCode,
  useDisableMyTwoFactor,
  useEnableMyTwoFactor,
  useNewRecoveryCodes,
  useSetUpMyTwoFactor,
  useTwoFactorStatus,
  type TwoFactorStatus,
} from '../api/two-factor';
import { AuthenticatorKey } from './authenticator-key';
import { RecoveryCodes } from './recovery-codes';
import { CODE_REQUIRED } from './two-factor-step';

export const TWO_FACTOR_TITLE = 'Two-factor sign-in';
export const OFF_TEXT = 'Add a second step to your sign-in: a code from an authenticator app on your phone.';
export const REQUIRED_TEXT = 'Two-factor sign-in is required for your role, so it cannot be turned off.';
export const REQUIRED_SET_UP_TEXT = 'Two-factor sign-in is required for your role: set it up now, or you will be asked to at your next sign-in.';
export const TURNED_ON = 'Two-factor sign-in is on.';
export const TURNED_OFF = 'Two-factor sign-in is off.';
export const NEW_CODES_DONE = 'Your new recovery codes are saved; the old ones no longer work.';
export const PASSWORD_REQUIRED = 'Please input the Password';
export const DISABLE_CODE_HELP = 'A code from your authenticator app, or one of your recovery codes.';
export const NEW_CODES_HELP = 'New recovery codes replace the ones you have: the old codes stop working.';

const sorry = (message: string | null) => (message ? `Sorry ${message}` : null);

/** 'MM/DD/YYYY' of an instant, on this device's calendar. */
const dayOf = (instant: string): string => {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : displayDate(isoDateIn(date));
};

type Panel = 'view' | 'setup' | 'disable' | 'newCodes';

/**
 * My Profile → Two-factor sign-in (everyone): whether it is on, "Set up" (QR code, secret key, a
 * code, "Turn on"; then the recovery codes), "Turn off" (password and a code; not when required)
 * and "New recovery codes" (a code).
 */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const [panel, setPanel] = useState<Panel>('view');
  const [codes, setCodes] = useState<{ codes: string[]; after: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const open = (next: Panel) => {
    setNotice(null);
    setPanel(next);
  };
  const showCodes = (list: string[], after: string) => {
    setCodes({ codes: list, after });
    setPanel('view');
  };

  let body;
  if (codes) {
    body = (
      <RecoveryCodes
        codes={codes.codes}
        onSaved={() => {
          setNotice(codes.after);
          setCodes(null);
        }}
      />
    );
  } else if (status.isPending) {
    body = <Loader role="status" aria-label="Loading your two-factor sign-in" />;
  } else if (status.isError) {
    body = <FormAlert>{sorry(serverMessage(status.error))}</FormAlert>;
  } else if (panel === 'setup') {
    body = <SetUpPanel onDone={(list) => showCodes(list, TURNED_ON)} onCancel={() => setPanel('view')} />;
  } else if (panel === 'disable') {
    body = (
      <DisablePanel
        onDone={() => {
          setNotice(TURNED_OFF);
          setPanel('view');
        }}
        onCancel={() => setPanel('view')}
      />
    );
  } else if (panel === 'newCodes') {
    body = <NewCodesPanel onDone={(list) => showCodes(list, NEW_CODES_DONE)} onCancel={() => setPanel('view')} />;
  } else {
    body = <StatusView status={status.data} notice={notice} onOpen={open} />;
  }

  return (
    <Stack gap="md" data-testid="two-factor-card">
      <Title order={2} fz="lg">
        {TWO_FACTOR_TITLE}
      </Title>
      {body}
    </Stack>
  );
}

function StatusView({ status, notice, onOpen }: { status: TwoFactorStatus; notice: string | null; onOpen: (panel: Panel) => void }) {
  return (
    <Stack gap="sm">
      {notice ? <FormAlert color="green">{notice}</FormAlert> : null}
      <Group gap="sm">
        <Badge color={status.enabled ? 'green' : 'gray'} variant="light" data-testid="two-factor-state">
          {status.enabled ? 'On' : 'Off'}
        </Badge>
        {status.enabled ? (
          <Text size="sm">
            {status.enabledAt ? `On since ${dayOf(status.enabledAt)}. ` : ''}
            {`Recovery codes left: ${status.recoveryCodesLeft}.`}
          </Text>
        ) : null}
      </Group>
      {status.enabled ? (
        <>
          {status.required ? <Text size="sm">{REQUIRED_TEXT}</Text> : null}
          <Group gap="sm">
            <Button variant="default" onClick={() => onOpen('newCodes')}>
              New recovery codes
            </Button>
            {status.required ? null : (
              <Button variant="default" color="red" onClick={() => onOpen('disable')}>
                Turn off
              </Button>
            )}
          </Group>
        </>
      ) : (
        <>
          <Text size="sm">{status.required ? REQUIRED_SET_UP_TEXT : OFF_TEXT}</Text>
          <Group gap="sm">
            <Button onClick={() => onOpen('setup')}>Set up</Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** "Set up": a new secret (asked once when the panel opens), then its first code turns it on. */
function SetUpPanel({ onDone, onCancel }: { onDone: (codes: string[]) => void; onCancel: () => void }) {
  const setup = useSetUpMyTwoFactor();
  const enable = useEnableMyTwoFactor();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ code: string }>({ mode: 'uncontrolled', initialValues: { code: '' } });
  // Each setup makes a new secret and only the last can be confirmed: once (StrictMode runs effects twice).
  const asked = useRef(false);
  const { mutate: askSetup } = setup;
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    askSetup();
  }, [askSetup]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const code = cleanCode(form.getValues().code);
    if (!code) {
      form.setErrors({ code: CODE_REQUIRED });
      return;
    }
    form.clearErrors();
    enable.mutate(code, {
      onSuccess: onDone,
      onError: (err) => {
        const failure = formFailure(err, ['code'], { useServerMessage: true });
        form.setErrors(failure.fieldErrors);
        setError(sorry(failure.message));
      },
    });
  };

  if (setup.isPending || setup.isIdle) return <Loader role="status" aria-label="Preparing your authenticator key" />;
  if (setup.isError) {
    return (
      <Stack gap="sm">
        <FormAlert>{sorry(serverMessage(setup.error))}</FormAlert>
        <Group>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <AuthenticatorKey setup={setup.data} />
      {error ? <FormAlert>{error}</FormAlert> : null}
      <form onSubmit={submit} noValidate aria-label="Set up two-factor sign-in">
        <Stack gap="md">
          <TextInput
            label="Authentication code"
            placeholder="123456"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            maw={320}
            key={form.key('code')}
            {...form.getInputProps('code')}
          />
          <Group gap="sm">
            <Button type="submit" loading={enable.isPending}>
              Turn on
            </Button>
            <Button variant="default" onClick={onCancel} disabled={enable.isPending}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** "Turn off": the password and a current code (or a recovery code). */
function DisablePanel({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const disable = useDisableMyTwoFactor();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ password: string; code: string }>({ mode: 'uncontrolled', initialValues: { password: '', code: '' } });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const { password, code } = form.getValues();
    const missing: Record<string, string> = {};
    if (!password) missing.password = PASSWORD_REQUIRED;
    if (!code.trim()) missing.code = CODE_REQUIRED;
    form.setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    disable.mutate(
      { password, code },
      {
        onSuccess: onDone,
        onError: (err) => {
          // The field takes a code or a recovery code: a wrong recovery code is its error too.
          const failure = formFailure(err, ['password', 'code', 'recoveryCode'], { useServerMessage: true });
          const { recoveryCode, ...fields } = failure.fieldErrors;
          form.setErrors(recoveryCode && !fields.code ? { ...fields, code: recoveryCode } : fields);
          setError(sorry(failure.message));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Turn off two-factor sign-in">
      <Stack gap="md" maw={360}>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <PasswordInput label="Password" autoComplete="current-password" required key={form.key('password')} {...form.getInputProps('password')} />
        <TextInput
          label="Authentication code"
          description={DISABLE_CODE_HELP}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        <Group gap="sm">
          <Button type="submit" color="red" loading={disable.isPending}>
            Turn off
          </Button>
          <Button variant="default" onClick={onCancel} disabled={disable.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "New recovery codes": a current code; the old codes are void. */
function NewCodesPanel({ onDone, onCancel }: { onDone: (codes: string[]) => void; onCancel: () => void }) {
  const renew = useNewRecoveryCodes();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ code: string }>({ mode: 'uncontrolled', initialValues: { code: '' } });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const code = cleanCode(form.getValues().code);
    if (!code) {
      form.setErrors({ code: CODE_REQUIRED });
      return;
    }
    form.clearErrors();
    renew.mutate(code, {
      onSuccess: onDone,
      onError: (err) => {
        const failure = formFailure(err, ['code'], { useServerMessage: true });
        form.setErrors(failure.fieldErrors);
        setError(sorry(failure.message));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="New recovery codes">
      <Stack gap="md" maw={360}>
        <Text size="sm">{NEW_CODES_HELP}</Text>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <TextInput
          label="Authentication code"
          placeholder="123456"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        <Group gap="sm">
          <Button type="submit" loading={renew.isPending}>
            Get new codes
          </Button>
          <Button variant="default" onClick={onCancel} disabled={renew.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
