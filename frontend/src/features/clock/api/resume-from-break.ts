import { api } from '@/lib/api-client';
import { clockStatusSchema, type ClockStatus } from './get-clock-status';

/** POST /clock/resume-from-break?trackingNumber=N (no body): 'End Break'. */
export const resumeFromBreak = (trackingNumber: number): Promise<ClockStatus> =>
  api.request('/clock/resume-from-break', { method: 'POST', query: { trackingNumber }, schema: clockStatusSchema });
