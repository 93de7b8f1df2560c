import { Button, Group, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { formFailure, serverMessage } from '@/lib/form-errors';
import { MESSAGE_MAX, messageError, type MessageSource } from '../api/celebrations';
import { CELEBRATION_TEXTS } from './labels';
import { EffectiveMessage, SystemDefault } from './message-parts';

/** The texts that tell a person's message form from the company's. */
export interface MessageFormTexts {
  form: string;
  field: string;
  remove: string;
  removed: string;
  confirmTitle: string;
  confirmMessage: string;
  confirmLabel: string;
}

interface MessageFormProps<T> {
  current: { message: { id: number; message: string } | null; effective: string; source: MessageSource };
  save: UseMutationResult<T, Error, string>;
  remove: UseMutationResult<unknown, Error, number>;
  texts: MessageFormTexts;
  systemDefault: string | null;
  sourceLabels?: Record<MessageSource, string>;
  testId?: string;
}

/**
 * A celebration message form — a person's custom message or the company's: the message in use,
 * the text (the custom message if there is one, else the one in use) with its check, Save, and
 * removing the custom message after a confirmation, each with its notice or error.
 */
export function MessageForm<T>({ current, save, remove, texts, systemDefault, sourceLabels, testId }: MessageFormProps<T>) {
  const [text, setText] = useState(current.message?.message ?? current.effective);
  // The form stays open after a save: what was saved last is what counts as unchanged.
  const [savedText, setSavedText] = useState(text);
  useDiscardGuard(() => text !== savedText);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = messageError(text);
    setFieldError(invalid);
    setError(null);
    if (invalid) return;
    save.mutate(text, {
      onSuccess: () => {
        setSavedText(text);
        notifications.show({ color: 'green', message: CELEBRATION_TEXTS.saved });
      },
      onError: (err) => {
        const failure = formFailure(err, ['message'], { useServerMessage: true });
        setFieldError(failure.fieldErrors.message ?? null);
        setError(failure.message);
      },
    });
  };

  const removeCustom = () => {
    if (!current.message) return;
    remove.mutate(current.message.id, {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({ color: 'green', message: texts.removed });
      },
      onError: (err) => {
        setConfirming(false);
        setError(serverMessage(err));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label={texts.form} data-testid={testId}>
      <Stack gap="md">
        <EffectiveMessage effective={current.effective} source={current.source} sourceLabels={sourceLabels} />
        <Textarea
          label={texts.field}
          description={CELEBRATION_TEXTS.placeholders}
          autosize
          minRows={5}
          maxRows={14}
          maxLength={MESSAGE_MAX}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setFieldError(null);
          }}
          error={fieldError}
          withAsterisk
        />
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Group justify="space-between">
          {current.message ? (
            <Button variant="outline" color="red.9" onClick={() => setConfirming(true)} disabled={save.isPending}>
              {texts.remove}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={save.isPending} disabled={remove.isPending}>
            Save
          </Button>
        </Group>
        <SystemDefault message={systemDefault} />
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={texts.confirmTitle}
        message={texts.confirmMessage}
        confirmLabel={texts.confirmLabel}
        danger
        loading={remove.isPending}
        onConfirm={removeCustom}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
