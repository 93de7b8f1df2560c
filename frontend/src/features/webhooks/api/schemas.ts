import { z } from '@/lib/zod';

/**
 * The answers of the webhooks contract (issue 43, docs/contracts/webhooks.md). Instants are UTC
 * (RFC 3339); the screen shows them on the company's clock. A signing secret is only ever in the
 * answer of an endpoint's creation or of a rotation.
 */

const nullableString = z.string().nullable().optional().transform((v) => v ?? null);
const nullableInt = z.number().int().nullable().optional().transform((v) => v ?? null);

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  /** The events' codes (`employee.added`, …). */
  events: z.array(z.string()),
  /** Whether deliveries go out. */
  active: z.boolean(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.output<typeof webhookEndpointSchema>;

/** An event an endpoint may subscribe to, as the screen offers it. */
export const webhookEventSchema = z.object({ code: z.string(), label: z.string() });
export type WebhookEvent = z.output<typeof webhookEventSchema>;

/** GET /webhooks and POST /webhooks/delete: the endpoints (never their secrets) and every event. */
export const webhookListSchema = z.object({
  endpoints: z.array(webhookEndpointSchema),
  events: z.array(webhookEventSchema),
});
export type WebhookList = z.output<typeof webhookListSchema>;

/** POST /webhooks and POST /webhooks/rotate-secret: the endpoint and its secret (`whsec_` + 64 hex), shown this once. */
export const webhookSecretSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string().min(1) });
export type WebhookSecret = z.output<typeof webhookSecretSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One delivery of an event to an endpoint. */
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  endpointId: z.number().int(),
  /** `evt_` + 24 hex: the same on every attempt and on a resend. */
  eventId: z.string(),
  /** The event's code. */
  event: z.string(),
  createdAt: z.string(),
  /** `pending`, `delivered` or `failed`; a status this browser does not know yet is kept as it came. */
  status: z.string(),
  attempts: z.number().int(),
  /** When it is tried next (pending only). */
  nextAttemptAt: nullableString,
  deliveredAt: nullableString,
  /** The HTTP status of the last attempt, when the endpoint answered. */
  lastStatus: nullableInt,
  lastError: nullableString,
  /** The body as sent. */
  payload: z.string(),
});
export type WebhookDelivery = z.output<typeof webhookDeliverySchema>;

/** GET /webhooks/deliveries: a page of 50, newest first. */
export const webhookDeliveriesSchema = z.array(webhookDeliverySchema);
