import { api } from '@/lib/api-client';
import { clockStatusSchema, type ClockStatus } from './get-clock-status';
import { keyHeader } from './idempotency';

/** POST /clock/take-break?trackingNumber=N (no body): 'Take a Break'. */
export const takeBreak = (trackingNumber: number, idempotencyKey?: string): Promise<ClockStatus> =>
  api.request('/clock/take-break', { method: 'POST', query: { trackingNumber }, schema: clockStatusSchema, headers: keyHeader(idempotencyKey) });
