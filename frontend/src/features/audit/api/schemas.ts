import { z } from '@/lib/zod';

/**
 * The answers of the audit trail contract (issue 43, docs/contracts/audit-trail.md): who changed
 * what in the company, when (an instant in UTC), from which address and client.
 */

const nullableString = z.string().nullable().optional().transform((v) => v ?? null);

/** An actor, the person an entry is about, or the one a stand-in decided for; `name` null once erased. */
export const auditPersonSchema = z.object({
  id: z.number().int(),
  name: nullableString,
});
export type AuditPerson = z.output<typeof auditPersonSchema>;

const nullablePerson = auditPersonSchema.nullable().optional().transform((v) => v ?? null);

/**
 * A field's value before or after: a string, number, boolean or null (null: the field did not
 * exist). Any other JSON the server may send one day is kept as its JSON text.
 */
export type AuditValue = string | number | boolean | null;
const auditValue = z
  .unknown()
  .optional()
  .transform((v): AuditValue => {
    if (v === null || v === undefined) return null;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
    return JSON.stringify(v);
  });

export const auditChangeSchema = z.object({
  field: z.string(),
  before: auditValue,
  after: auditValue,
});
export type AuditChange = z.output<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  actor: nullablePerson,
  impersonated: z.boolean().optional().transform((v) => v ?? false),
  onBehalfOf: nullablePerson,
  person: nullablePerson,
  entity: z.string(),
  entityId: z.union([z.string(), z.number()]).nullable().optional().transform((v) => (v === null || v === undefined ? null : String(v))),
  action: z.string(),
  changes: z
    .array(auditChangeSchema)
    .nullable()
    .optional()
    .transform((v) => v ?? []),
  ip: nullableString,
  /** `web`, `kiosk` or `api`. */
  client: nullableString,
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

/** GET /audit: 50 entries a page, newest first; `next` is the cursor of the next page (null: the last). */
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  next: nullableString,
});
export type AuditPage = z.output<typeof auditPageSchema>;

/** The `entity` codes of the contract, in its order. */
export const AUDIT_ENTITIES = [
  'shift',
  'edit_request',
  'time_off_request',
  'pto_balance',
  'pto_plan',
  'pto_rule',
  'pto_type',
  'holiday',
  'person',
  'hr_record',
  'policy',
  'company_settings',
  'time_settings',
  'location',
  'billing',
  'sign_in',
  'api_key',
  'webhook',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
