import { ApiError } from '@/lib/api-client';
import { formFailure, GENERIC_FORM_ERROR } from '@/lib/form-errors';

/** Spec texts of the HR-records screens (001 §8, 000 §2/§4/§5) and the few this product adds. */
export const HR_TEXTS = {
  deleteQuestion: 'Are you sure to delete this? Once it is deleted, it can be undone.',
  noEvents: 'There is no HR event yet',
  noDocuments: 'There is no HR document yet',
  noRequests: 'There is no document request yet',
  noMyEvents: 'There is no event for you yet',
  noMyDocs: 'There is no document for you yet',
  noTasks: 'Nothing is waiting for your response.',
  noEventTypes: 'There is no event type yet.',
  noDocTypes: 'There is no document type yet.',
  configureTypes: 'Set up the types',
  ownerOnly: 'Only visible to the employee and admins',
  needsAck: 'Needs acknowledgement',
  awaitingAck: 'Awaiting acknowledgement',
  noPolicyTypes: 'There is no policy type yet.',
  noBroadcasts: 'There is no HR broadcast yet',
  noMyPolicies: 'There is no policy for you yet',
  notPublished: 'Not published yet',
} as const;

/** Side panels of the HR records (001 §2, 000 §9): 650 wide; the task dock 600. Phones: full width. */
export const HR_DOCK_WIDTH = 650;
export const TASK_DOCK_WIDTH = 600;

/** The add docks the folder's quick add (and ?autoStart=) opens. */
export const ADD_KINDS = ['event', 'doc', 'request'] as const;
export type AddKind = (typeof ADD_KINDS)[number];
export const isAddKind = (value: string | null): value is AddKind => (ADD_KINDS as readonly string[]).includes(value ?? '');

/** A failed call for an alert: the server's explanation of a refusal (4xx), else the generic text. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) return error.firstMessage;
  return GENERIC_FORM_ERROR;
}

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** A file's name without its extension ('Offer letter.pdf' -> 'Offer letter'), to fill an empty title. */
export function baseName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/**
 * A failed submit: the server's per-field messages go on their inputs (`setErrors`), and what is
 * left for the whole form comes back as a 'Sorry …' alert text (001 §8), or null when the fields
 * say it all. A refusal other than a 400 (409: the employee is not active; 404) shows the server's
 * message; a 5xx the generic one.
 */
export function submitFailure(error: unknown, fields: readonly string[], setErrors: (errors: Record<string, string>) => void): string | null {
  const refusal = error instanceof ApiError && error.status < 500;
  const failure = formFailure(error, fields, { useServerMessage: refusal });
  setErrors(failure.fieldErrors);
  const onFields = Object.keys(failure.fieldErrors).length > 0;
  if (!failure.message) return null;
  if (onFields && !(error instanceof ApiError && error.status === 400)) return null;
  return `Sorry ${failure.message}`;
}
