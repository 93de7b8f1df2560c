import { api } from '@/lib/api-client';
import { clockStatusSchema, type ClockStatus } from './get-clock-status';
import { keyHeader } from './idempotency';
import { pressBody, type PressPosition } from './position';

/** POST /clock/end?trackingNumber=N: 'Clock Out', with the phone's position when asked (issue 40). */
export const endClock = (trackingNumber: number, idempotencyKey?: string, position?: PressPosition | null): Promise<ClockStatus> =>
  api.request('/clock/end', {
    method: 'POST',
    query: { trackingNumber },
    body: pressBody(position),
    schema: clockStatusSchema,
    headers: keyHeader(idempotencyKey),
  });
