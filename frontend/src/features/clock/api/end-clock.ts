import { api } from '@/lib/api-client';
import { clockStatusSchema, type ClockStatus } from './get-clock-status';
import { keyHeader } from './idempotency';

/** POST /clock/end?trackingNumber=N (no body): 'Clock Out'. */
export const endClock = (trackingNumber: number, idempotencyKey?: string): Promise<ClockStatus> =>
  api.request('/clock/end', { method: 'POST', query: { trackingNumber }, schema: clockStatusSchema, headers: keyHeader(idempotencyKey) });
