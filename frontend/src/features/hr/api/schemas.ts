import { z } from '@/lib/zod';

/**
 * Shapes of the HR-records endpoints (docs/contracts/hr-records.md, issue 20). Instants
 * (`createDate`, `ackedon`, …) are ISO-8601 UTC; `actionDate` and `dueDate` are the company's days
 * 'YYYY-MM-DD'. Every list is paged 10 a page, pages from 1.
 */
const nullableString = z.string().nullable().optional().transform((v) => v ?? null);
const nullableNumber = z.number().nullable().optional().transform((v) => v ?? null);
const flag01 = z.union([z.literal(0), z.literal(1)]);

/** Spec 000 §9: paged lists show 10 a page. */
export const HR_PAGE_SIZE = 10;

/** The file attached to an event. */
export const eventDocSchema = z.object({
  docFileName: z.string(),
  docMediaType: z.string(),
  docSize: z.number(),
});
export type EventDoc = z.output<typeof eventDocSchema>;

export const eventViewSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  title: z.string(),
  /** Sanitised HTML (the server removes scripts, handlers, styles and `javascript:` links). */
  comments: z.string().nullable().optional().transform((v) => v ?? ''),
  eventTypeId: z.number().int(),
  eventTypeName: z.string(),
  actionDate: nullableString,
  createDate: z.string(),
  ackneeded: flag01,
  onlyVisibleToOwner: flag01,
  ackedon: nullableString,
  createdBy: nullableString,
  doc: eventDocSchema.nullable().optional().transform((v) => v ?? null),
});
export type EventView = z.output<typeof eventViewSchema>;

export const documentViewSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  docName: z.string(),
  docTypeId: z.number().int(),
  docType: z.string(),
  comments: z.string().nullable().optional().transform((v) => v ?? ''),
  docFileName: z.string(),
  docMediaType: z.string(),
  docSize: z.number(),
  createDate: z.string(),
  requestId: nullableNumber,
  createdBy: nullableString,
});
export type DocumentView = z.output<typeof documentViewSchema>;

/** A document request's status: 0 open, 1 fulfilled, 2 cancelled. */
export const REQUEST_STATUS = { open: 0, fulfilled: 1, cancelled: 2 } as const;

export const docRequestViewSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  docTypeId: z.number().int(),
  /** The name of the type of document asked for. */
  name: z.string(),
  dueDate: z.string(),
  comments: z.string().nullable().optional().transform((v) => v ?? ''),
  createDate: z.string(),
  completeDate: nullableString,
  cancelDate: nullableString,
  status: z.number().int(),
  overdue: z.boolean(),
  onboardingDoc: z.boolean(),
  requestedBy: nullableString,
});
export type DocRequestView = z.output<typeof docRequestViewSchema>;

/** `{ message }`: the answer of a delete. */
export const messageSchema = z.object({ message: z.string().optional().transform((v) => v ?? '') });

/** Files the server takes for HR records (the contract): checked by their bytes there, offered by name here. */
export const ACCEPTED_FILES = '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.png,.jpg,.jpeg,.gif,.webp';
/** The contract's limit; a bigger file would be refused with a 413 after the whole upload. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const FILE_TOO_BIG = 'The file must be 10 MB or smaller';

/** A form's file: optional, or required with the form's message; never over 10 MB. */
export const fileField = (required: string | null) =>
  z
    .instanceof(File)
    .nullable()
    .superRefine((file, ctx) => {
      if (!file) {
        if (required) ctx.addIssue({ code: 'custom', message: required });
      } else if (file.size > MAX_FILE_BYTES) ctx.addIssue({ code: 'custom', message: FILE_TOO_BIG });
    });

/** The days a new employee gets for an onboarding document type or policy: 1 to 365 (document types: 14 unless changed). */
export const MIN_ONBOARDING_DAYS = 1;
export const MAX_ONBOARDING_DAYS = 365;
export const DEFAULT_ONBOARDING_DAYS = 14;

/** True for a whole number of days from 1 to 365 (NumberInput gives '' while empty). */
export const isOnboardingDays = (value: number | string): boolean => {
  const days = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isInteger(days) && days >= MIN_ONBOARDING_DAYS && days <= MAX_ONBOARDING_DAYS;
};

/** Form values that go out as 0|1. */
export const asFlag = (value: boolean): '0' | '1' => (value ? '1' : '0');

/** A list's order: a sort key of the server, with a leading '-' for descending; '' is newest first. */
export interface SortOption {
  value: string;
  label: string;
}

/**
 * Policy broadcasts (the contract's second part). A publication ('workflow') sends a policy's
 * current version to its recipients; its counts are counted from them.
 */
export const WORKFLOW_STATUS = { active: 0, cancelled: 2, stopped: 3 } as const;

/** A policy's attached document (the policy's current one, or the one of the version sent). */
export const policyDocumentSchema = z.object({
  /** The document's title; the file's name when none was given (not in every answer). */
  docName: z.string().nullable().optional().transform((v) => v ?? null),
  docFileName: z.string(),
  docMediaType: z.string(),
  docSize: z.number(),
});
export type PolicyDocument = z.output<typeof policyDocumentSchema>;

export const workflowSummarySchema = z.object({
  id: z.number().int(),
  /** The number of the policy's text that was sent. */
  version: z.number().int(),
  publishDate: z.string(),
  dueDate: nullableString,
  /** 0 active, 2 cancelled, 3 stopped. */
  status: z.number().int(),
  onboarding: z.boolean(),
  totalRecipients: z.number().int(),
  confirmedRecipients: z.number().int(),
  declinedRecipients: z.number().int(),
  modifyDate: nullableString,
  stoppedAt: nullableString,
  cancelledAt: nullableString,
  remindedAt: nullableString,
});
export type WorkflowSummary = z.output<typeof workflowSummarySchema>;

export const policyViewSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML; left out of lists. */
  content: z.string().nullable().optional().transform((v) => v ?? ''),
  policyTypeId: z.number().int(),
  typeName: z.string(),
  version: z.number().int(),
  document: policyDocumentSchema.nullable().optional().transform((v) => v ?? null),
  createDate: z.string(),
  lastPublishDate: nullableString,
  onboardingPolicy: flag01,
  autoCertifyDueDays: nullableNumber,
  /** Newest publication first. */
  workflows: z.array(workflowSummarySchema),
});
export type PolicyView = z.output<typeof policyViewSchema>;

/** A recipient's answer: 0 pending, 1 acknowledged, 2 declined. */
export const CERTIFY_STATUS = { pending: 0, acknowledged: 1, declined: 2 } as const;

export const recipientSchema = z.object({
  employeeId: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  certifyStatus: z.number().int(),
  certifyDate: nullableString,
  comments: z.string().nullable().optional().transform((v) => v ?? ''),
  dueDate: nullableString,
  overdue: z.boolean(),
});
export type Recipient = z.output<typeof recipientSchema>;

export const workflowViewSchema = workflowSummarySchema.extend({
  policyId: z.number().int(),
  title: z.string(),
  recipients: z.array(recipientSchema),
});
export type WorkflowView = z.output<typeof workflowViewSchema>;

/** The employee's side: 0 awaiting, 1 confirmed (answered; `declined` tells which way), 2 canceled, 3 stopped. */
export const MY_POLICY_STATUS = { awaiting: 0, confirmed: 1, canceled: 2, stopped: 3 } as const;

export const myPolicySchema = z.object({
  workflowId: z.number().int(),
  policyId: z.number().int(),
  title: z.string(),
  lastPublishDate: nullableString,
  dueDate: nullableString,
  overdue: z.boolean(),
  certifyStatus: z.number().int(),
  declined: z.boolean(),
  certifyDate: nullableString,
  comments: z.string().nullable().optional().transform((v) => v ?? ''),
  docFileName: nullableString,
});
export type MyPolicy = z.output<typeof myPolicySchema>;
