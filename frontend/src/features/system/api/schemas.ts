import { accrualRunSchema } from '@/lib/accrual-runs';
import { z } from '@/lib/zod';

/**
 * The answers of the `/system/*` calls (docs/contracts/system.md; spec 002 §2, §3, §7 "System").
 * Money is integer cents, days 'YYYY-MM-DD', instants RFC 3339 in UTC. Optional fields the
 * contract marks as possibly null read as null when absent, so that a server a little older or
 * newer than this screen still parses.
 */

const cents = z.number().int();
const count = z.number().int();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}/);
const instant = z.string().min(1);
const nullable = <T extends z.ZodType>(schema: T) => schema.nullable().optional().transform((v) => v ?? null);
const nullableString = nullable(z.string());

/** A company's state (contract "Company states"). */
export const COMPANY_STATUSES = ['trial', 'expired', 'active', 'past_due', 'suspended'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

/** A charge's state. */
export const CHARGE_STATUSES = ['pending', 'paid', 'retrying', 'failed'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

/** A row of GET /system/companies. */
export const companyRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: instant,
  status: z.enum(COMPANY_STATUSES),
  trialEnd: nullable(day),
  users: count,
  adminEmail: nullableString,
  promotCode: nullableString,
});
export type CompanyRow = z.output<typeof companyRowSchema>;

export const companiesPageSchema = z.object({
  companies: z.array(companyRowSchema),
  compCount: count,
});
export type CompaniesPage = z.output<typeof companiesPageSchema>;

export const cardSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type Card = z.output<typeof cardSchema>;

/** A promotion a company is redeeming; `monthsLeft` null: every charge. */
export const redemptionSchema = z.object({
  code: z.string(),
  description: z.string().nullable().optional().transform((v) => v ?? ''),
  monthsLeft: nullable(z.number().int()),
});
export type Redemption = z.output<typeof redemptionSchema>;

export const companyBillingSchema = z.object({
  status: z.enum(COMPANY_STATUSES),
  card: nullable(cardSchema),
  recurringDay: nullable(z.number().int()),
  nextChargeDate: nullable(day),
  amountDue: cents.optional().transform((v) => v ?? 0),
  promotion: nullable(redemptionSchema),
});
export type CompanyBilling = z.output<typeof companyBillingSchema>;

export const companyAdminSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
});

/** The company of GET /system/company (and of update-company's answer). */
export const companyDetailSchema = companyRowSchema.extend({
  timeZone: z.string().optional().transform((v) => v ?? ''),
  email: nullableString,
  phone: nullableString,
  suspended: z.boolean().optional().transform((v) => v ?? false),
  employees: count.optional().transform((v) => v ?? 0),
  admins: z.array(companyAdminSchema).optional().transform((v) => v ?? []),
  /** Null while billing is off or before activation. */
  billing: nullable(companyBillingSchema),
});
export type CompanyDetail = z.output<typeof companyDetailSchema>;

/** A charge of GET /system/charges: `perUser` is the price of one user, `total` what is charged. */
export const systemChargeSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  periodStart: day,
  periodEnd: day,
  users: count,
  base: cents,
  perUser: cents,
  discount: cents.optional().transform((v) => v ?? 0),
  total: cents,
  status: z.enum(CHARGE_STATUSES),
  failures: count.optional().transform((v) => v ?? 0),
  nextAttemptAt: nullable(instant),
  paidAt: nullable(instant),
  createdAt: nullable(instant),
});
export type SystemCharge = z.output<typeof systemChargeSchema>;

export const chargesPageSchema = z.object({
  charges: z.array(systemChargeSchema),
  chargeCount: count,
});
export type SystemChargesPage = z.output<typeof chargesPageSchema>;

/** GET /system/company?id. */
export const companyAnswerSchema = z.object({
  company: companyDetailSchema,
  charges: z.array(systemChargeSchema).optional().transform((v) => v ?? []),
  chargeCount: count.optional().transform((v) => v ?? 0),
});
export type CompanyAnswer = z.output<typeof companyAnswerSchema>;

export const ATTEMPT_KINDS = ['scheduled', 'manual'] as const;
export const ATTEMPT_STATUSES = ['started', 'succeeded', 'declined', 'error'] as const;

export const attemptSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  kind: z.enum(ATTEMPT_KINDS),
  status: z.enum(ATTEMPT_STATUSES),
  startedAt: instant,
  finishedAt: nullable(instant),
  error: nullableString,
});
export type ChargeAttempt = z.output<typeof attemptSchema>;

export const attemptsSchema = z.object({ attempts: z.array(attemptSchema) });

export const RETRY_OUTCOMES = ['paid', 'declined', 'unsettled'] as const;
export type RetryOutcome = (typeof RETRY_OUTCOMES)[number];

/** POST /system/retry-charge {id}. */
export const retryAnswerSchema = z.object({
  charge: systemChargeSchema,
  outcome: z.enum(RETRY_OUTCOMES),
});
export type RetryAnswer = z.output<typeof retryAnswerSchema>;

/** POST /system/charge-today {companyId}. */
export const chargeTodayAnswerSchema = z.object({
  created: count,
  paid: count.optional().transform((v) => v ?? 0),
  declined: count.optional().transform((v) => v ?? 0),
  charges: z.array(systemChargeSchema).optional().transform((v) => v ?? []),
});
export type ChargeTodayAnswer = z.output<typeof chargeTodayAnswerSchema>;

/**
 * POST /system/charge-next {companyId}. The contract names no answer: read as retry-charge's
 * `{charge, outcome}`, each optional, so any JSON object is taken as done.
 */
export const chargeNextAnswerSchema = z
  .object({
    charge: nullable(systemChargeSchema),
    outcome: nullable(z.enum(RETRY_OUTCOMES)),
  })
  .optional()
  .transform((v) => v ?? { charge: null, outcome: null });
export type ChargeNextAnswer = z.output<typeof chargeNextAnswerSchema>;

/** The answer of suspend-company and active-company: the row. */
export const companyRowAnswerSchema = z.object({ company: companyRowSchema });

/** The answer of update-company: the company as GET /system/company has it. */
export const companyDetailAnswerSchema = z.object({ company: companyDetailSchema });

export const deletedSchema = z.object({ deleted: z.boolean() });

/** GET /system/stats: a page of companies' figures and the chart of the last 12 months. */
export const statRowSchema = z.object({
  companyId: z.number().int(),
  name: z.string(),
  createdAt: instant,
  status: z.enum(COMPANY_STATUSES),
  employees: count,
  activeUsers: count,
  clockPresses: count,
  ptoRequests: count,
  /** The latest sign-in of a member, or null. */
  lastActivity: nullable(instant),
});
export type StatRow = z.output<typeof statRowSchema>;

export const chartMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  signups: count,
  activeCompanies: count,
});
export type ChartMonth = z.output<typeof chartMonthSchema>;

export const statsPageSchema = z.object({
  stats: z.array(statRowSchema),
  statCount: count,
  chart: z.array(chartMonthSchema).optional().transform((v) => v ?? []),
});
export type StatsPage = z.output<typeof statsPageSchema>;

/** A user of GET /system/employees and /system/queryuser (`status` 1 active, 0 terminated). */
export const systemUserSchema = z.object({
  id: z.number().int(),
  firstname: z.string().nullable().optional().transform((v) => v ?? ''),
  lastname: z.string().nullable().optional().transform((v) => v ?? ''),
  email: z.string(),
  role: z.string(),
  status: z.number().int(),
  companyId: nullable(z.number().int()),
  companyName: nullableString,
  createdAt: nullable(instant),
  lastLogin: nullable(instant),
});
export type SystemUser = z.output<typeof systemUserSchema>;

export const employeesPageSchema = z.object({
  employees: z.array(systemUserSchema),
  empCount: count,
});
export type EmployeesPage = z.output<typeof employeesPageSchema>;

export const queryUserSchema = z.object({ user: systemUserSchema });

export const messageSchema = z.object({ message: z.string() });

/** POST /system/impersonate and /auth/exit-impersonation-mode: a sign-in answer, as /auth/login's. */
export const sessionAnswerSchema = z.object({
  token: z.string().min(1),
  identity: z.unknown().optional(),
});

/** A promotion code (contract "Promotions"): a percent off or an amount off, never both. */
export const promotSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string().nullable().optional().transform((v) => v ?? ''),
  percentOff: nullable(z.number().int()),
  amountOff: nullable(cents),
  /** How many monthly charges it applies to; null: every charge. */
  months: nullable(z.number().int()),
  /** The last day it can be redeemed; null: no end. */
  expiresOn: nullable(day),
  createdAt: nullable(instant),
  /** How many companies use it. */
  companies: count.optional().transform((v) => v ?? 0),
});
export type Promot = z.output<typeof promotSchema>;

export const promotsPageSchema = z.object({
  promots: z.array(promotSchema),
  promotCount: count,
});
export type PromotsPage = z.output<typeof promotsPageSchema>;

export const promotAnswerSchema = z.object({ promot: promotSchema });

export const promotCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  redeemedAt: nullable(instant),
  monthsLeft: nullable(z.number().int()),
});
export type PromotCompany = z.output<typeof promotCompanySchema>;

export const promotCompaniesSchema = z.object({ companies: z.array(promotCompanySchema) });

/** A row of the append-only audit log. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: instant,
  operator: z.string(),
  actingAs: nullableString,
  companyId: nullable(z.number().int()),
  companyName: nullableString,
  action: z.string(),
  detail: nullableString,
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  entryCount: count,
});
export type AuditPage = z.output<typeof auditPageSchema>;

/** A run of the nightly accrual job (src/lib: the company admins' view reads the same shape). */
export type { AccrualRun } from '@/lib/accrual-runs';

/** A trouble of the accrual job the operator was told about; `reason` may hold several lines. */
export const accrualIncidentSchema = z.object({
  openedAt: instant,
  reason: z.string(),
});
export type AccrualIncident = z.output<typeof accrualIncidentSchema>;

/** GET /system/accrual-health: the job's state across companies. */
export const systemAccrualHealthSchema = z.object({
  /** What needs the operator's attention; null: the job runs normally. */
  warning: nullableString,
  /** The recent runs, newest first. */
  runs: z.array(accrualRunSchema),
  incidents: z.array(accrualIncidentSchema),
  /** The last run's errors, each 'Company name: person: what went wrong'. */
  errors: z.array(z.string()).optional().transform((v) => v ?? []),
});
export type SystemAccrualHealth = z.output<typeof systemAccrualHealthSchema>;
