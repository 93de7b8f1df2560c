import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { systemKeys } from './keys';
import { promotAnswerSchema, type Promot } from './schemas';

/** The fields of save-promot and update-promot, as the server names them (its field errors too). */
export const PROMOT_FIELDS = ['code', 'description', 'percentOff', 'amountOff', 'months', 'expiresOn'] as const;

/** A promotion as sent: either `percentOff` or `amountOff` (cents) is set, the other null. */
export interface PromotBody {
  code: string;
  description: string;
  percentOff: number | null;
  amountOff: number | null;
  /** Null: every charge. */
  months: number | null;
  /** 'YYYY-MM-DD', or null: no end. */
  expiresOn: string | null;
}

/** POST /system/save-promot (a new code) or /system/update-promot {id, …} (`id` given). */
export const savePromot = ({ id, ...body }: PromotBody & { id?: number }): Promise<Promot> =>
  (id === undefined
    ? api.post('/system/save-promot', body, { schema: promotAnswerSchema })
    : api.post('/system/update-promot', { id, ...body }, { schema: promotAnswerSchema })
  ).then((answer) => answer.promot);

export function useSavePromot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePromot,
    onSuccess: () => Promise.all([systemKeys.promots(), systemKeys.audit()].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
