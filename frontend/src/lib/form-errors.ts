import { ApiError } from './api-client';

/** Spec 000 §8: the message of a failed form post that is not a 400 with field errors. */
export const GENERIC_FORM_ERROR = 'Something went horribly wrong!';

/** What a failed call says to the person: the server's own message for a refusal (4xx), the generic one otherwise. */
export const serverMessage = (error: unknown): string => (error instanceof ApiError && error.status < 500 ? error.firstMessage : GENERIC_FORM_ERROR);

/** The 'Sorry …' alert text of the PTO and settings screens (002 §8). */
export const sorry = (error: unknown): string => `Sorry ${serverMessage(error)}`;

export interface FormFailure {
  /** Per-field messages for `form.setErrors` (first message of each known field). */
  fieldErrors: Record<string, string>;
  /** A message for the whole form, or null when the field errors say it all. */
  message: string | null;
}

/**
 * Splits a failed submit into per-field errors (a 400's `errors` for the form's own fields) and a
 * form-level message. Field errors for fields the form does not have (e.g. `token`) become the
 * form-level message. Other failures give the server's message when `useServerMessage`, else the
 * generic one.
 */
export function formFailure(
  error: unknown,
  fields: readonly string[],
  { useServerMessage = false }: { useServerMessage?: boolean } = {},
): FormFailure {
  if (!(error instanceof ApiError)) return { fieldErrors: {}, message: GENERIC_FORM_ERROR };
  const fieldErrors: Record<string, string> = {};
  const other: string[] = [];
  for (const [field, messages] of Object.entries(error.errors)) {
    const first = messages[0];
    if (!first) continue;
    if (fields.includes(field)) fieldErrors[field] = first;
    else other.push(first);
  }
  if (error.status === 400 && Object.keys(error.errors).length > 0) {
    return { fieldErrors, message: other[0] ?? null };
  }
  if (useServerMessage) return { fieldErrors, message: other[0] ?? error.message };
  return { fieldErrors, message: GENERIC_FORM_ERROR };
}
