import { z } from '@/lib/zod';

/**
 * The answers of the licensing contract (issue 42, docs/contracts/licensing.md). Dates are the
 * company's days 'YYYY-MM-DD'; hours are decimals of at most two places; money is integer cents.
 */

const nullableString = z.string().nullable().optional().transform((v) => v ?? null);
const nullableNumber = z.number().nullable().optional().transform((v) => v ?? null);
const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullable()
    .optional()
    .transform((v) => v ?? []);

export const COMPLIANCE_STATUSES = ['active', 'due_soon', 'ce_deficient', 'expired', 'not_appointed'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

export const LICENCE_STATUSES = ['active', 'inactive', 'lapsed', 'revoked'] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];

export const RESIDENCIES = ['resident', 'non_resident'] as const;
export type Residency = (typeof RESIDENCIES)[number];

export const RENEWAL_ANCHORS = ['issue_month', 'birth_date', 'birth_month', 'fixed', 'perpetual'] as const;

/** A compliance status the browser does not know yet is kept as text (shown as it came). */
const complianceStatus = z.string();

export const topicHoursSchema = z.object({ topic: z.string(), hours: z.number() });
export type TopicHours = z.output<typeof topicHoursSchema>;

/** `StateRuleView`: the product's rule for a state, or the company's own (`edited`). */
export const stateRuleSchema = z.object({
  state: z.string(),
  name: z.string().nullable().optional().transform((v) => v ?? ''),
  renewalAnchor: nullableString,
  cycleMonths: nullableNumber,
  /** Null: no rule for the state; a requirement's hours must be given. */
  hoursTotal: nullableNumber,
  hoursEthics: nullableNumber,
  topics: list(topicHoursSchema),
  carryOver: z.boolean().optional().transform((v) => v ?? false),
  citation: nullableString,
  source: nullableString,
  effectiveFrom: nullableString,
  edited: z.boolean().optional().transform((v) => v ?? false),
});
export type StateRule = z.output<typeof stateRuleSchema>;

export const lineSchema = z.object({ code: z.string(), label: z.string() });
export type Line = z.output<typeof lineSchema>;

/** GET /licensing/reference. */
export const referenceSchema = z.object({
  lines: list(lineSchema),
  states: list(stateRuleSchema),
  statuses: list(z.string()),
});
export type Reference = z.output<typeof referenceSchema>;

/** `{ fileName, mediaType, size }` of a stored licence PDF or certificate. */
export const storedFileSchema = z.object({
  fileName: z.string(),
  mediaType: z.string().nullable().optional().transform((v) => v ?? ''),
  size: z.number().nullable().optional().transform((v) => v ?? 0),
});
export type StoredFile = z.output<typeof storedFileSchema>;

/** `Progress`: hours done of hours required. */
export const progressSchema = z.object({ done: z.number(), required: z.number() });
export type Progress = z.output<typeof progressSchema>;

export const topicProgressSchema = z.object({ topic: z.string(), done: z.number(), required: z.number() });
export type TopicProgress = z.output<typeof topicProgressSchema>;

/** `RequirementView`: the CE requirement of a licence cycle and how far it is met. */
export const requirementSchema = z.object({
  id: z.number().int(),
  licenceId: z.number().int(),
  cycleStart: z.string(),
  dueOn: z.string(),
  hoursTotal: z.number(),
  hoursEthics: z.number().nullable().optional().transform((v) => v ?? 0),
  topics: list(topicHoursSchema),
  progress: z.object({
    total: progressSchema,
    ethics: progressSchema,
    topics: list(topicProgressSchema),
  }),
  excessHours: z.number().nullable().optional().transform((v) => v ?? 0),
  carriedInHours: z.number().nullable().optional().transform((v) => v ?? 0),
  carryOver: z.boolean().optional().transform((v) => v ?? false),
  met: z.boolean(),
});
export type Requirement = z.output<typeof requirementSchema>;

/** `LicenceView`. */
export const licenceSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  state: z.string(),
  number: z.string(),
  licenceType: z.string(),
  lines: list(z.string()),
  residency: z.string(),
  issuedOn: z.string(),
  status: z.string(),
  statusOn: nullableString,
  expiresOn: z.string(),
  document: storedFileSchema.nullable().optional().transform((v) => v ?? null),
  compliance: complianceStatus,
  /** Why the compliance status is what it is (sent beside the contract's fields), e.g. 'Not appointed in TX.'. */
  reason: nullableString.transform((v) => v || null),
  requirements: list(requirementSchema),
});
export type Licence = z.output<typeof licenceSchema>;

/** `CreditView`: a completed CE course. */
export const creditSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  state: z.string(),
  course: z.string(),
  provider: z.string().nullable().optional().transform((v) => v ?? ''),
  hours: z.number(),
  topic: z.string(),
  completedOn: z.string(),
  certificate: storedFileSchema.nullable().optional().transform((v) => v ?? null),
});
export type Credit = z.output<typeof creditSchema>;

/** `AppointmentView`: a carrier's appointment in a state. */
export const appointmentSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  carrier: z.string(),
  state: z.string(),
  effectiveOn: z.string(),
  terminatedOn: nullableString,
  reason: nullableString,
  active: z.boolean(),
});
export type Appointment = z.output<typeof appointmentSchema>;

/** GET /licensing/people/{employeeId}: a producer's folder. */
export const folderSchema = z.object({
  employeeId: z.number().int(),
  name: z.string().nullable().optional().transform((v) => v ?? ''),
  npn: nullableString,
  residentState: nullableString,
  /** A licence is expired: the red banner. */
  expired: z.boolean().optional().transform((v) => v ?? false),
  licences: list(licenceSchema),
  credits: list(creditSchema),
  appointments: list(appointmentSchema),
});
export type LicensingFolder = z.output<typeof folderSchema>;

/** `ComplianceRow`: one producer × state they hold a licence in. */
export const complianceRowSchema = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  npn: nullableString,
  state: z.string(),
  licenceId: z.number().int(),
  number: z.string(),
  lines: list(z.string()),
  expiresOn: nullableString,
  ceDueOn: nullableString,
  status: complianceStatus,
  reason: nullableString,
});
export type ComplianceRow = z.output<typeof complianceRowSchema>;

/** GET /licensing/compliance. */
export const complianceSchema = z.object({
  rows: list(complianceRowSchema),
  /** Rows matching the filters, on every page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: z
    .record(z.string(), z.number())
    .nullable()
    .optional()
    .transform((v) => v ?? {}),
  today: nullableString,
});
export type Compliance = z.output<typeof complianceSchema>;

/** GET /licensing/may-sell. */
export const maySellSchema = z.object({
  state: z.string(),
  line: z.string(),
  on: z.string(),
  carrier: nullableString,
  people: list(
    z.object({
      employeeId: z.number().int(),
      name: z.string(),
      licenceNumber: nullableString,
      expiresOn: nullableString,
      carriers: list(z.string()),
    }),
  ),
  others: list(z.object({ employeeId: z.number().int(), name: z.string(), reason: z.string().nullable().optional().transform((v) => v ?? '') })),
});
export type MaySell = z.output<typeof maySellSchema>;

/** An E&O policy of the agency. */
export const eoPolicySchema = z.object({
  id: z.number().int(),
  carrier: z.string(),
  policyNumber: z.string(),
  perClaimCents: z.number().int(),
  aggregateCents: z.number().int(),
  expiresOn: z.string(),
});
export type EoPolicy = z.output<typeof eoPolicySchema>;

/** POST /licensing/import. */
export const importResultSchema = z.object({
  imported: z.number().int(),
  updated: z.number().int().optional().transform((v) => v ?? 0),
  errors: list(z.object({ line: z.number().int(), message: z.string() })),
});
export type ImportResult = z.output<typeof importResultSchema>;

export const messageSchema = z.object({ message: z.string() });
