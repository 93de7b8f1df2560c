import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../api/schemas';

export const WEBHOOKS_TEXTS = {
  title: 'Webhooks',
  intro:
    "A webhook sends your company's events, such as an employee added or time off approved, to another system as they happen: a signed POST to the address you give, tried again for about a day until that system answers.",
  empty: 'There is no endpoint yet.',
  add: 'Add endpoint',
  addTitle: 'Add an endpoint',
  editTitle: 'Edit the endpoint',
  createdTitle: 'Endpoint added',
  rotatedTitle: 'New signing secret',
  notAgain: 'You will not see it again',
  secretWarning:
    'Copy the signing secret now and keep it in the settings of the system that receives the deliveries: it checks each delivery\'s Timekeep-Signature with it. If it is lost, rotate the secret to get a new one.',
  deliveriesEmpty: 'Nothing has been sent to this endpoint yet.',
  none: '—',
} as const;

export const ACTIVE_LABELS = { on: 'On', off: 'Off' } as const;
/** Filled colours with automatic text contrast (light badges' tinted text fails WCAG AA). */
export const ACTIVE_COLORS = { on: 'green.9', off: 'gray.7' } as const;

export const DELIVERY_STATUS_LABELS: Record<string, string> = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' };
export const DELIVERY_STATUS_COLORS: Record<string, string> = { pending: 'yellow.4', delivered: 'green.9', failed: 'red.9' };

/** 'Pending', 'Delivered', 'Failed'; a status this browser does not know yet as it came. */
export const deliveryStatusLabel = (status: string): string => DELIVERY_STATUS_LABELS[status] ?? status;

/** A delivered or failed delivery may be sent again; a pending one is still being tried. */
export const canResend = (delivery: Pick<WebhookDelivery, 'status'>): boolean => delivery.status === 'delivered' || delivery.status === 'failed';

/** The label of an event code from the list's `events`; a code not among them as it came. */
export function eventLabel(code: string, events: readonly WebhookEvent[]): string {
  return events.find((event) => event.code === code)?.label ?? code;
}

/** 'Employee added, Time off approved', in the endpoint's order. */
export const eventsText = (codes: readonly string[], events: readonly WebhookEvent[]): string => codes.map((code) => eventLabel(code, events)).join(', ');

/** What the endpoint's last attempt got: '500: The endpoint answered 500', '204', 'connection refused', or '—'. */
export function lastAnswerText(delivery: Pick<WebhookDelivery, 'lastStatus' | 'lastError'>): string {
  const { lastStatus, lastError } = delivery;
  if (lastStatus !== null && lastError) return `${lastStatus}: ${lastError}`;
  if (lastStatus !== null) return String(lastStatus);
  return lastError ?? WEBHOOKS_TEXTS.none;
}

/** The body as sent, indented when it is JSON (it always is; anything else as it came). */
export function prettyPayload(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

/** The rotate question's words. */
export const rotateQuestion = (endpoint: Pick<WebhookEndpoint, 'url'>): string =>
  `Deliveries to ${endpoint.url} are signed with a new secret from now on, and the current one stops at once. The receiving system must be given the new secret to keep accepting them.`;

/** The delete question's words. */
export const deleteQuestion = (endpoint: Pick<WebhookEndpoint, 'url'>): string =>
  `Nothing more is sent to ${endpoint.url}, and its deliveries are deleted with it. This cannot be undone.`;
