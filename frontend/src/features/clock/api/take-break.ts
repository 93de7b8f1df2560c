import { api } from '@/lib/api-client';
import { clockStatusSchema, type ClockStatus } from './get-clock-status';

/** POST /clock/take-break?trackingNumber=N (no body): 'Take a Break'. */
export const takeBreak = (trackingNumber: number): Promise<ClockStatus> =>
  api.request('/clock/take-break', { method: 'POST', query: { trackingNumber }, schema: clockStatusSchema });
