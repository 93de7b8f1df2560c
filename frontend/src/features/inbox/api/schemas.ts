import { optionalApprovalSchema } from '@/lib/approval';
import { z } from '@/lib/zod';

/**
 * Shapes of the inbox (spec 001 §3 "Timesheet edit request", "Pending time-off request", "Inbox
 * data"; docs/contracts/time-off-requests.md). Instants are ISO-8601 UTC strings. A timesheet
 * request's `payload` is a JSON string: see decodePayload.
 */
const nullableString = z.string().nullable().optional().transform((v) => v ?? null);
const text = z.string().nullable().optional().transform((v) => v ?? '');

/** The inbox's approval status: 0 pending, 1 approved, 2 rejected (spec 001 §4). */
export const REQUEST_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;

/**
 * Issue 41 (docs/contracts/approvals.md "Where a request stands"), on both kinds of rows: where the
 * request stands on its approval path (null without one, or from a server older than paths), and
 * whether the viewer, an admin, may approve every remaining step at once. With a path, `mayAnswer`
 * is true only for an approver of the current step.
 */
const approvalFields = {
  approval: optionalApprovalSchema,
  mayApproveAllSteps: z.boolean().optional().transform((v) => v ?? false),
};

export const inboxTimesheetRowSchema = z.object({
  id: z.number().int(),
  /**
   * The shift it changes; null on a request to add a shift that does not exist yet (changeType
   * 'add': a clock-in made offline and held for a manager, issue 39).
   */
  entryId: z.number().int().nullable().optional().transform((v) => v ?? null),
  requestDate: z.string(),
  payload: text,
  requestComments: text,
  changeType: text,
  status: z.number().int(),
  /** 'First L.' of who approved or rejected. */
  actor: nullableString,
  actDate: nullableString,
  actComments: nullableString,
  employeeId: z.number().int(),
  /** 'First Last'. */
  name: text,
  avatar: nullableString,
  /** False on the viewer's own request or one they raised: shown without Approve and Reject. */
  mayAnswer: z.boolean().optional().transform((v) => v ?? true),
  ...approvalFields,
});
export type InboxTimesheetRow = z.output<typeof inboxTimesheetRowSchema>;

const sectionSchema = z.object({
  rows: z.array(inboxTimesheetRowSchema),
  count: z.number().int(),
});

/**
 * A time-off request as the inbox lists it (spec 001 §3 "Pending time-off request"). `start` and
 * `end` are the company's wall time 'YYYY-MM-DD HH:mm:ss' (not instants); `createDate` and
 * `actDate` are ISO-8601 UTC. `allday` 0 is a partial day (its times matter).
 */
export const inboxTimeOffRowSchema = z.object({
  id: z.number().int(),
  /** 'First Last'. */
  name: text,
  /** The time-off type's name, e.g. 'Vacation'. */
  type: text,
  color: nullableString,
  createDate: nullableString,
  allday: z.number().int().nullable().optional().transform((v) => v ?? 1),
  start: z.string(),
  end: z.string(),
  /** What the request uses, in minutes. */
  minutes: z.number().nullable().optional().transform((v) => v ?? 0),
  reason: text,
  /** The inbox's view: 0 pending, 1 approved, 2 rejected. */
  status: z.number().int(),
  /** 'First L.' of who approved it, or of who rejected it. */
  approveBy: nullableString,
  rejectBy: nullableString,
  actDate: nullableString,
  actComments: nullableString,
  employeeId: z.number().int(),
  firstname: text,
  lastname: text,
  avatar: nullableString,
  /** False on the viewer's own request or one they filed: shown without Approve and Reject. */
  mayAnswer: z.boolean().optional().transform((v) => v ?? true),
  ...approvalFields,
});
export type InboxTimeOffRow = z.output<typeof inboxTimeOffRowSchema>;

/** A server from before time-off requests sends no `timeoff` sections: they are empty then. */
const timeOffSectionSchema = z
  .object({
    rows: z.array(inboxTimeOffRowSchema),
    count: z.number().int(),
  })
  .optional()
  .transform((v) => v ?? { rows: [], count: 0 });

export const inboxEmployeeSchema = z.object({
  id: z.number().int(),
  firstname: text,
  lastname: text,
  /** 1 active, 0 terminated. */
  status: z.number().int(),
});
export type InboxEmployee = z.output<typeof inboxEmployeeSchema>;

export const inboxDataSchema = z.object({
  pending: z.object({ timesheet: sectionSchema, timeoff: timeOffSectionSchema }),
  completed: z.object({ timesheet: sectionSchema, timeoff: timeOffSectionSchema }),
  page: z.number().int(),
  employees: z.array(inboxEmployeeSchema).optional().transform((v) => v ?? []),
  /** Who may answer the pending requests the viewer may not, per person, by name. */
  whoAnswers: z
    .array(z.object({ employeeId: z.number().int(), names: z.array(z.string()) }))
    .optional()
    .transform((v) => v ?? []),
});
export type InboxData = z.output<typeof inboxDataSchema>;

/** A break of a request: a single element is an open break (spec 001 §3). */
export interface PayloadBreak {
  from: string;
  to: string | null;
}

/** What a timesheet edit request changes. boptype: NOCHANGE, REMOVE, or otherwise a new set of breaks. */
export interface DecodedPayload {
  start: string | null;
  end: string | null;
  breaks: PayloadBreak[];
  boptype: string;
}

const payloadSchema = z.object({
  start: z.string().nullable().optional(),
  end: z.string().nullable().optional(),
  breaks: z.array(z.array(z.string().nullable())).nullable().optional(),
  boptype: z.string().nullable().optional(),
});

const NOTHING: DecodedPayload = { start: null, end: null, breaks: [], boptype: 'NOCHANGE' };

/** Reads a request's payload JSON string; an unreadable one changes nothing. */
export function decodePayload(raw: string): DecodedPayload {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return NOTHING;
  }
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success) return NOTHING;
  const { start, end, breaks, boptype } = parsed.data;
  return {
    start: start || null,
    end: end || null,
    breaks: (breaks ?? []).flatMap(([from, to]) => (from ? [{ from, to: to || null }] : [])),
    boptype: boptype || 'NOCHANGE',
  };
}

/** 'Ada Lovelace' -> first 'Ada', last 'Lovelace' (for the avatar's initials). */
export function splitName(name: string): { firstname: string; lastname: string } {
  const trimmed = name.trim();
  const space = trimmed.indexOf(' ');
  return space < 0 ? { firstname: trimmed, lastname: '' } : { firstname: trimmed.slice(0, space), lastname: trimmed.slice(space + 1).trim() };
}
