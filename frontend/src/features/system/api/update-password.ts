import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messageSchema } from './schemas';

/** 'link' e-mails the normal reset link (preferred); 'set' sets the password, to be changed at the next sign-in. */
export type PasswordMode = 'link' | 'set';

export interface UpdatePasswordBody {
  email: string;
  mode: PasswordMode;
  /** Only with mode 'set'; '' otherwise. */
  password: string;
}

/** POST /system/update-password {email, mode, password}: answers the message to show. */
export const updatePassword = (body: UpdatePasswordBody): Promise<string> =>
  api.post('/system/update-password', body, { schema: messageSchema }).then((answer) => answer.message);

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
