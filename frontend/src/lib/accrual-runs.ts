import { z } from '@/lib/zod';

/**
 * A run of the nightly accrual job as the server reports it: to a company's admins (GET
 * /pto-manage/accrual-health, its last run) and to the operator (GET /system/accrual-health, the
 * recent runs). Instants are RFC 3339 in UTC.
 */
export const accrualRunSchema = z.object({
  startedAt: z.string().min(1),
  /** None: the run did not finish (it stopped, or is still going). */
  finishedAt: z.string().nullable().optional().transform((v) => v ?? null),
  companies: z.number().int(),
  employees: z.number().int(),
  /** The people whose balance the run could not bring forward. */
  errors: z.number().int(),
  /** Why the whole run failed. */
  failure: z.string().nullable().optional().transform((v) => v ?? null),
});
export type AccrualRun = z.output<typeof accrualRunSchema>;
