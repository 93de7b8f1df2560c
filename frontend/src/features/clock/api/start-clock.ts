import { api } from '@/lib/api-client';
import { clockStatusSchema, type ClockStatus } from './get-clock-status';
import { keyHeader } from './idempotency';

/**
 * POST /clock/start (no body): 'Clock In', and 'Start a New Shift' after clocking out.
 * Refused with 409 `conflict` (already clocked in, before the day's start) or 403
 * `mobile_clock_in_disabled`.
 */
export const startClock = (idempotencyKey?: string): Promise<ClockStatus> =>
  api.request('/clock/start', { method: 'POST', schema: clockStatusSchema, headers: keyHeader(idempotencyKey) });
