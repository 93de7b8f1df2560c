import { useMutation } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';

export const verifyEmailBodySchema = z.object({ token: z.string().min(1), me: z.string().min(1) });
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

const verifyEmailResponseSchema = z.object({ message: z.string() });

/** POST /account/verify-email {token, me}; `me` is the base64 e-mail from the link. */
export const verifyEmail = (body: VerifyEmailBody): Promise<{ message: string }> =>
  api.post('/account/verify-email', body, { schema: verifyEmailResponseSchema });

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
