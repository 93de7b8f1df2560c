import { useMutation } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { kioskPost } from './client';

export const leaveAnswerSchema = z.object({ left: z.boolean() });

/**
 * POST /kiosk/leave {email, password}: an admin of the company signs in (no session is kept) to end
 * kiosk mode on this device. `{left: true}`; 401 `invalid_credentials` for anyone else or a wrong
 * password (throttled like a sign-in: 429).
 */
export const leaveKiosk = (secret: string, body: { email: string; password: string }): Promise<{ left: boolean }> =>
  kioskPost(secret, '/kiosk/leave', body, { schema: leaveAnswerSchema });

export const useLeaveKiosk = (secret: string) => useMutation({ mutationFn: (body: { email: string; password: string }) => leaveKiosk(secret, body) });
