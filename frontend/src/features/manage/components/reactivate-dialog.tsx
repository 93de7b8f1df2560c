import { Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { FormModal } from '@/components/form-modal';
import { ApiError } from '@/lib/api-client';
import { isEmail } from '@/lib/validation';
import { emailTakenMessage, useReactivateAccount } from '../api/reactivate-account';
import { EMPLOYEE_MESSAGES } from '../api/save-employee';
import { fullName, type Employee } from '../api/schemas';
import { failureMessage, sorry } from './labels';

interface ReactivateDialogProps {
  employee: Employee | null;
  onClose: () => void;
  onReactivated: (employee: Employee) => void;
}

type Choice = 'keep' | 'new';

/**
 * Reactivating a terminated person (spec 001 §4): keep their e-mail or give a new one. An e-mail
 * another user holds is refused (409): the dialog says so and asks for a different one.
 */
export function ReactivateDialog({ employee, onClose, onReactivated }: ReactivateDialogProps) {
  return (
    <FormModal opened={employee !== null} onClose={onClose} title={employee ? `Reactivate ${fullName(employee)}` : ''} centered size="md">
      {employee ? <ReactivateForm key={employee.id} employee={employee} onClose={onClose} onReactivated={onReactivated} /> : null}
    </FormModal>
  );
}

function ReactivateForm({ employee, onClose, onReactivated }: { employee: Employee; onClose: () => void; onReactivated: (e: Employee) => void }) {
  const reactivate = useReactivateAccount();
  const [choice, setChoice] = useState<Choice>('keep');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [oldEmailTaken, setOldEmailTaken] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useDiscardGuard(() => choice === 'new' && email.trim() !== '');

  const submit = () => {
    setError(null);
    let newEmail: string | undefined;
    if (choice === 'new') {
      if (!email.trim()) return setEmailError(EMPLOYEE_MESSAGES.email);
      if (!isEmail(email)) return setEmailError(EMPLOYEE_MESSAGES.typo);
      newEmail = email.trim();
    }
    setEmailError(null);
    reactivate.mutate(
      { id: employee.id, email: newEmail },
      {
        onSuccess: onReactivated,
        onError: (err) => {
          if (err instanceof ApiError && err.status === 409) {
            // The address is someone else's: ask for a different one, then try again.
            setConflict(err.errors.email?.[0] ?? emailTakenMessage(newEmail ?? employee.email));
            if (newEmail === undefined) setOldEmailTaken(true);
            setChoice('new');
            setEmail(newEmail ?? '');
          } else if (err instanceof ApiError && err.errors.email?.[0]) {
            setChoice('new');
            setEmailError(err.errors.email[0]);
          } else {
            setError(sorry(failureMessage(err)));
          }
        },
      },
    );
  };

  return (
    <form
      noValidate
      aria-label="Reactivate"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        {conflict ? (
          <FormAlert color="yellow" title="This email is taken">
            {conflict}
          </FormAlert>
        ) : null}
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Radio.Group
          label="Which email should the account use?"
          value={choice}
          onChange={(value) => {
            setChoice(value as Choice);
            setEmailError(null);
          }}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="keep" label={`Keep ${employee.email}`} disabled={oldEmailTaken} />
            <Radio value="new" label="Give a new email" />
          </Stack>
        </Radio.Group>
        {choice === 'new' ? (
          <TextInput
            label="New email"
            type="email"
            autoComplete="off"
            required
            value={email}
            error={emailError}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setEmailError(null);
            }}
            description="A sign-in link is sent to the new address."
            data-autofocus
          />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={reactivate.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={reactivate.isPending}>
            Reactivate
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
