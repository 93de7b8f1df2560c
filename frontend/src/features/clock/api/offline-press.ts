import { api } from '@/lib/api-client';
import type { OutgoingPress, PressAnswer } from '@/lib/outbox';
import { z } from '@/lib/zod';
import { clockStatusSchema, type ClockStatus } from './get-clock-status';
import { keyHeader } from './idempotency';

/**
 * POST /clock/offline-press's answer (issue 39): the press was `applied` at its corrected time, or
 * `held` (its time was in the future, more than 72 hours back, or before the shift's last event)
 * and went to the manager as edit request `requestId`, with the reason.
 */
export const offlinePressAnswerSchema = z.object({
  outcome: z.enum(['applied', 'held']),
  recordedAt: z.string(),
  skewSeconds: z.number().nullable().optional().transform((v) => v ?? 0),
  reason: z.string().nullable().optional().transform((v) => v ?? null),
  requestId: z.number().int().nullable().optional().transform((v) => v ?? null),
  status: clockStatusSchema,
});
export type OfflinePressAnswer = z.output<typeof offlinePressAnswerSchema>;

/**
 * POST /clock/offline-press with the press's key as `Idempotency-Key`: a press made without a
 * network, sent from the outbox. The same key with the same body answers the first result again;
 * with another body, 422.
 */
export const sendOfflinePress = (press: OutgoingPress): Promise<PressAnswer<ClockStatus>> =>
  api.request('/clock/offline-press', {
    method: 'POST',
    body: {
      action: press.action,
      trackingNumber: press.trackingNumber,
      deviceTime: press.deviceTime,
      serverOffsetMs: press.serverOffsetMs,
      // Where the phone was at the press (issue 40), when the company asks and the person allowed it.
      ...(press.position ? { position: press.position } : {}),
    },
    headers: keyHeader(press.key),
    schema: offlinePressAnswerSchema,
  });
