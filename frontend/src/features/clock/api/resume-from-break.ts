import { api } from '@/lib/api-client';
import { clockStatusSchema, type ClockStatus } from './get-clock-status';
import { keyHeader } from './idempotency';
import { pressBody, type PressPosition } from './position';

/** POST /clock/resume-from-break?trackingNumber=N: 'End Break', with the phone's position when asked (issue 40). */
export const resumeFromBreak = (trackingNumber: number, idempotencyKey?: string, position?: PressPosition | null): Promise<ClockStatus> =>
  api.request('/clock/resume-from-break', {
    method: 'POST',
    query: { trackingNumber },
    body: pressBody(position),
    schema: clockStatusSchema,
    headers: keyHeader(idempotencyKey),
  });
