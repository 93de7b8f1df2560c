import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formFailure, serverMessage } from '@/lib/form-errors';
import { messageError } from '../api/celebrations';
import { CELEBRATION_TEXTS } from './labels';

interface Editable {
  message: { id: number; message: string } | null;
  effective: string;
}

/**
 * The state of a message form — a person's custom message or the company's — shared by both:
 * the text (the custom message if there is one, else the one in use), its check, the save and the
 * removal of the custom message (after a confirmation), each with its notice or error.
 */
export function useMessageEditor<T>(
  current: Editable,
  save: UseMutationResult<T, Error, string>,
  remove: UseMutationResult<unknown, Error, number>,
  removedNotice: string,
) {
  const [text, setText] = useState(current.message?.message ?? current.effective);
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
      onSuccess: () => notifications.show({ color: 'green', message: CELEBRATION_TEXTS.saved }),
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
        notifications.show({ color: 'green', message: removedNotice });
      },
      onError: (err) => {
        setConfirming(false);
        setError(serverMessage(err));
      },
    });
  };

  return { text, setText, fieldError, setFieldError, error, confirming, setConfirming, submit, removeCustom };
}
