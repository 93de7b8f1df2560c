import { queryOptions, useQuery } from '@tanstack/react-query';
import { accrualRunSchema } from '@/lib/accrual-runs';
import { api } from '@/lib/api-client';
import { z } from '@/lib/zod';
import { ptoKeys } from './keys';

/**
 * GET /pto-manage/accrual-health (company admins only; anyone else gets 403): whether the nightly
 * accrual job brings this company's balances forward. `warning` is a sentence for the admin
 * (null: all is well); `problems` name a person and the rule the run could not apply
 * ("Ava Stone: the Sick rule of plan 'Old import' is broken: …").
 */
export const accrualHealthSchema = z.object({
  lastRun: accrualRunSchema.nullable().optional().transform((v) => v ?? null),
  warning: z.string().nullable().optional().transform((v) => v ?? null),
  problems: z.array(z.string()).optional().transform((v) => v ?? []),
});
export type AccrualHealth = z.output<typeof accrualHealthSchema>;

export const accrualHealthQueryOptions = () =>
  queryOptions({
    queryKey: ptoKeys.accrualHealth,
    queryFn: ({ signal }) => api.get('/pto-manage/accrual-health', { schema: accrualHealthSchema, signal }),
  });

/** Asked only when `enabled` (the signed-in user is an admin): managers and employees never ask. */
export const useAccrualHealth = (enabled: boolean) => useQuery({ ...accrualHealthQueryOptions(), enabled });
