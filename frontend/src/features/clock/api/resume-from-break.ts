import { api } from '@/lib/api-client';
import { clockStatusSchema, type ClockStatus } from './get-clock-status';
import { keyHeader } from './idempotency';

/** POST /clock/resume-from-break?trackingNumber=N (no body): 'End Break'. */
export const resumeFromBreak = (trackingNumber: number, idempotencyKey?: string): Promise<ClockStatus> =>
  api.request('/clock/resume-from-break', { method: 'POST', query: { trackingNumber }, schema: clockStatusSchema, headers: keyHeader(idempotencyKey) });
