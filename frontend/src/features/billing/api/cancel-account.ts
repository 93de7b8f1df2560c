import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cancelResponseSchema } from './schemas';

/**
 * POST /myaccount/cancel (no body): deletes the company, every record and file, and every session.
 * Nothing is read again afterwards: the session is gone, the screen signs out.
 */
export const cancelAccount = (): Promise<string> => api.post('/myaccount/cancel', {}, { schema: cancelResponseSchema }).then((r) => r.message);

export const useCancelAccount = () => useMutation({ mutationFn: cancelAccount });
