import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';

const confirmEmailChangeResponseSchema = z.object({ message: z.string(), email: z.string() });
export type ConfirmEmailChangeResponse = z.infer<typeof confirmEmailChangeResponseSchema>;

/**
 * POST /account/confirm-email-change {token}: the link mailed to a new sign-in address makes it
 * the address that signs the person in; every session of theirs ends.
 */
export const confirmEmailChange = (token: string): Promise<ConfirmEmailChangeResponse> =>
  api.post('/account/confirm-email-change', { token }, { schema: confirmEmailChangeResponseSchema });
