import { z } from 'zod';

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

/** Form values that go out as 0|1. */
export const asFlag = (value: boolean): '0' | '1' => (value ? '1' : '0');

/** A list's order: a sort key of the server, with a leading '-' for descending; '' is newest first. */
export interface SortOption {
  value: string;
  label: string;
}
