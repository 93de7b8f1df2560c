import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session';
import { newPassword } from '@/lib/validation';
import { loginResponseSchema } from './login';
import { authKeys } from './keys';

/**
 * Spec 000 §5 "Change password". The old password is asked for (and required) only when the person
 * already has one; otherwise the same form creates a first password.
 */
export const changeMyPasswordSchema = (hasPassword: boolean) =>
  z
    .object({
      oldPassword: z.string(),
      newPassword: newPassword('Please input the New Password'),
      retypePassword: z.string(),
    })
    .superRefine((values, ctx) => {
      if (hasPassword && !values.oldPassword) {
        ctx.addIssue({ code: 'custom', path: ['oldPassword'], message: 'Please input the Old Password' });
      }
      if (!values.retypePassword) {
        ctx.addIssue({ code: 'custom', path: ['retypePassword'], message: 'Please input the Retype New Password' });
      } else if (values.retypePassword !== values.newPassword) {
        ctx.addIssue({ code: 'custom', path: ['retypePassword'], message: 'New Password and Retype should be identical' });
      }
    });
export type ChangeMyPasswordInput = z.infer<ReturnType<typeof changeMyPasswordSchema>>;

export const changeMyPassword = (input: ChangeMyPasswordInput, hasPassword: boolean) =>
  api.post(
    '/auth/change-my-password',
    hasPassword
      ? input
      : { newPassword: input.newPassword, retypePassword: input.retypePassword },
    { schema: loginResponseSchema },
  );

/** Every session is revoked by the server; the returned token replaces the stored one. */
export function useChangeMyPassword(hasPassword: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeMyPasswordInput) => changeMyPassword(input, hasPassword),
    onSuccess: ({ token }) => {
      sessionStore.setToken(token);
      void queryClient.invalidateQueries({ queryKey: authKeys.all });
    },
  });
}
