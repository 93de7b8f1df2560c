import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { addDays } from '@/lib/company-time';
import { DISPLAY_DATE_FORMAT, isoDateIn, parseTypedDate } from '@/lib/dates';
import { formFailure } from '@/lib/form-errors';
import { API_KEY_FIELDS, API_KEY_NAME_MAX, apiKeyFormErrors, useCreateApiKey, type ApiKeyField } from '../api/api-keys';
import type { ApiScope, CreatedApiKey } from '../api/schemas';
import { API_KEYS_TEXTS } from './labels';

interface CreateApiKeyFormProps {
  /** The scopes a key may have (the list's `scopes`), in the server's order. */
  scopes: readonly ApiScope[];
  /** The company's zone: the last day is one of its days, after its today. */
  timeZone?: string;
  onCancel: () => void;
  onCreated: (created: CreatedApiKey) => void;
}

type FieldErrors = Partial<Record<ApiKeyField, string>>;

/**
 * 'Create an API key': its name, the scopes it opens (at least one) and, if it should stop on its
 * own, its last day. The form checks the name and the scopes itself (in the server's words); any
 * other 400 of the server goes on the field it names, the rest (support acting as the admin)
 * above the buttons.
 */
export function CreateApiKeyForm({ scopes, timeZone, onCancel, onCreated }: CreateApiKeyFormProps) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [expiresOn, setExpiresOn] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  useDiscardGuard(() => name.trim() !== '' || chosen.length > 0 || expiresOn !== null);
  // The first day a key may end: the company's tomorrow.
  const firstLastDay = addDays(isoDateIn(new Date(), timeZone), 1);

  return (
    <form
      noValidate
      aria-label={API_KEYS_TEXTS.createTitle}
      onSubmit={(event) => {
        event.preventDefault();
        setMessage(null);
        const own = apiKeyFormErrors({ name, scopes: chosen });
        setErrors(own);
        if (Object.keys(own).length > 0) return;
        create.mutate(
          { name, scopes: chosen, expiresOn },
          {
            onSuccess: onCreated,
            onError: (err) => {
              const failure = formFailure(err, API_KEY_FIELDS, { useServerMessage: true });
              setErrors(failure.fieldErrors);
              setMessage(failure.message ? `Sorry ${failure.message}` : null);
            },
          },
        );
      }}
    >
      <Stack gap="md">
        {message ? <FormAlert>{message}</FormAlert> : null}
        <TextInput
          label="Name"
          description='What the key is for, such as "Payroll sync".'
          required
          autoComplete="off"
          maxLength={API_KEY_NAME_MAX}
          data-autofocus
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
        />
        <Checkbox.Group
          label="Scopes"
          description="What the key may read or change. It never reaches billing, your account or other keys."
          withAsterisk
          value={chosen}
          onChange={setChosen}
          error={errors.scopes}
        >
          <Stack gap={6} mt={6} data-testid="api-key-scope-choices">
            {scopes.map((scope) => (
              <Checkbox key={scope.code} value={scope.code} label={scope.label} />
            ))}
            {scopes.length === 0 ? <Text size="sm">{API_KEYS_TEXTS.none}</Text> : null}
          </Stack>
        </Checkbox.Group>
        <DateInput
          label="Expiry date"
          description="Optional: the last day the key works. It stops at the end of that day, company time. Leave empty to keep it until you revoke it."
          placeholder={DISPLAY_DATE_FORMAT}
          valueFormat={DISPLAY_DATE_FORMAT}
          dateParser={parseTypedDate}
          minDate={firstLastDay}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the expiry date' }}
          value={expiresOn}
          onChange={setExpiresOn}
          error={errors.expiresOn}
          popoverProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
