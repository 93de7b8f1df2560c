import { useMutation } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { newPassword } from '@/lib/validation';
import { messageResponseSchema } from './reset-password';

/** Spec 000 §5 "Reset now". */
export const resetPasswordNowSchema = z
  .object({
    password: newPassword('Please input the Password'),
    retypePassword: z.string(),
  })
  .superRefine((values, ctx) => {
    if (!values.retypePassword) {
      ctx.addIssue({ code: 'custom', path: ['retypePassword'], message: 'Please input the Retype password' });
    } else if (values.retypePassword !== values.password) {
      ctx.addIssue({ code: 'custom', path: ['retypePassword'], message: 'Password and retype password should be identical' });
    }
  });
export type ResetPasswordNowInput = z.infer<typeof resetPasswordNowSchema>;

export const resetPasswordNow = (input: ResetPasswordNowInput & { token: string }): Promise<{ message: string }> =>
  api.post('/auth/reset-password-now', input, { schema: messageResponseSchema });

export const useResetPasswordNow = () => useMutation({ mutationFn: resetPasswordNow });
