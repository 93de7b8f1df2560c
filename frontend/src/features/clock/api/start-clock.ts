import { api } from '@/lib/api-client';
import { clockStatusSchema, type ClockStatus } from './get-clock-status';
import { keyHeader } from './idempotency';
import { pressBody, type PressPosition } from './position';

/**
 * POST /clock/start: 'Clock In', and 'Start a New Shift' after clocking out. Its body is the phone's
 * position when the status asks for one (`{position}`, issue 40), else none. Refused with 409
 * `conflict` (already clocked in, before the day's start), 403 `mobile_clock_in_disabled`, or 403
 * `outside_work_location` (a work location's rule in block mode; the message says why and what to do).
 */
export const startClock = (idempotencyKey?: string, position?: PressPosition | null): Promise<ClockStatus> =>
  api.request('/clock/start', { method: 'POST', body: pressBody(position), schema: clockStatusSchema, headers: keyHeader(idempotencyKey) });
