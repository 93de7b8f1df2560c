import { Button, Checkbox, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { formFailure } from '@/lib/form-errors';
import { ENDPOINT_FIELDS, ENDPOINT_URL_MAX, endpointFormErrors, useCreateWebhook, useUpdateWebhook, type EndpointField } from '../api/webhooks';
import type { WebhookEndpoint, WebhookEvent, WebhookSecret } from '../api/schemas';
import { WEBHOOKS_TEXTS } from './labels';

type FieldErrors = Partial<Record<EndpointField, string>>;

interface EndpointFormProps {
  /** The events an endpoint may receive (the list's `events`), in the server's order. */
  events: readonly WebhookEvent[];
  onCancel: () => void;
}

interface AddEndpointFormProps extends EndpointFormProps {
  onCreated: (created: WebhookSecret) => void;
}

interface EditEndpointFormProps extends EndpointFormProps {
  endpoint: WebhookEndpoint;
  onSaved: (endpoint: WebhookEndpoint) => void;
}

/** 'Add an endpoint': its address and its events; on success the secret is shown once. */
export function AddEndpointForm({ events, onCancel, onCreated }: AddEndpointFormProps) {
  const create = useCreateWebhook();
  return (
    <EndpointFields
      title={WEBHOOKS_TEXTS.addTitle}
      submitLabel="Add"
      events={events}
      pending={create.isPending}
      onCancel={onCancel}
      onSubmit={(body, onError) => create.mutate(body, { onSuccess: onCreated, onError })}
    />
  );
}

/** 'Edit the endpoint': its address, its events, and whether deliveries go out. */
export function EditEndpointForm({ endpoint, events, onCancel, onSaved }: EditEndpointFormProps) {
  const update = useUpdateWebhook();
  return (
    <EndpointFields
      title={WEBHOOKS_TEXTS.editTitle}
      submitLabel="Save"
      events={events}
      initial={endpoint}
      pending={update.isPending}
      onCancel={onCancel}
      onSubmit={(body, onError) => update.mutate({ id: endpoint.id, ...body }, { onSuccess: onSaved, onError })}
    />
  );
}

interface EndpointFieldsProps extends EndpointFormProps {
  title: string;
  submitLabel: string;
  /** The endpoint being edited: its values to start from, and the switch that turns it on or off. */
  initial?: WebhookEndpoint;
  pending: boolean;
  onSubmit: (body: { url: string; events: string[]; active?: boolean }, onError: (err: unknown) => void) => void;
}

/**
 * The endpoint's fields. The form checks that there is an address and an event itself (in the
 * server's words); whether the address may be reached is the server's to say, and its 400 goes on
 * the field it names, the rest (support acting as the admin) above the buttons.
 */
function EndpointFields({ title, submitLabel, events, initial, pending, onCancel, onSubmit }: EndpointFieldsProps) {
  const [url, setUrl] = useState(initial?.url ?? '');
  const [chosen, setChosen] = useState<string[]>(initial?.events ?? []);
  const [active, setActive] = useState(initial?.active ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const activeHelpId = useId();
  useDiscardGuard(() =>
    initial
      ? url !== initial.url || active !== initial.active || chosen.length !== initial.events.length || chosen.some((code) => !initial.events.includes(code))
      : url.trim() !== '' || chosen.length > 0,
  );

  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        setMessage(null);
        const own = endpointFormErrors({ url, events: chosen });
        setErrors(own);
        if (Object.keys(own).length > 0) return;
        // The events in the server's order, whatever order they were ticked in.
        const ordered = [...events.map((e) => e.code).filter((code) => chosen.includes(code)), ...chosen.filter((code) => !events.some((e) => e.code === code))];
        onSubmit({ url, events: ordered, ...(initial ? { active } : {}) }, (err) => {
          const failure = formFailure(err, ENDPOINT_FIELDS, { useServerMessage: true });
          setErrors(failure.fieldErrors);
          setMessage(failure.message ? `Sorry ${failure.message}` : null);
        });
      }}
    >
      <Stack gap="md">
        {message ? <FormAlert>{message}</FormAlert> : null}
        <TextInput
          label="Endpoint URL"
          description="Where the deliveries go, such as https://example.com/hooks/timekeep"
          required
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={ENDPOINT_URL_MAX}
          data-autofocus
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={errors.url}
        />
        <Checkbox.Group label="Events" description="What is sent to it." withAsterisk value={chosen} onChange={setChosen} error={errors.events}>
          <Stack gap={6} mt={6} data-testid="webhook-event-choices">
            {events.map((event) => (
              <Checkbox key={event.code} value={event.code} label={event.label} />
            ))}
            {events.length === 0 ? <Text size="sm">{WEBHOOKS_TEXTS.none}</Text> : null}
          </Stack>
        </Checkbox.Group>
        {initial ? (
          <Stack gap={4}>
            <Switch label="Active" aria-describedby={activeHelpId} checked={active} onChange={(event) => setActive(event.currentTarget.checked)} />
            {/* Beside the switch, not in its label: its name stays 'Active'. */}
            <Text id={activeHelpId} size="xs" c="dimmed">
              When off, nothing is sent to it, and deliveries waiting for another try are marked failed.
            </Text>
          </Stack>
        ) : null}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
