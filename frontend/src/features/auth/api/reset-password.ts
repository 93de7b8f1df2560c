import { useMutation } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { requiredEmail } from '@/lib/validation';

/** Spec 000 §5 "Reset request". */
export const resetPasswordSchema = z.object({
  email: requiredEmail('Required', 'Invalid email address'),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

export const resetPassword = (input: ResetPasswordInput): Promise<{ message: string }> =>
  api.post('/auth/reset-password', { email: input.email.trim() }, { schema: messageResponseSchema });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
