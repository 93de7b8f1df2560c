import { optionalApprovalSchema } from '@/lib/approval';
import { z } from '@/lib/zod';

/**
 * Shapes the timesheet endpoints share (spec 000 §3). Instants are ISO-8601 UTC strings; `day` is
 * the company day a shift started on ('YYYY-MM-DD').
 */
const nullableString = z.string().nullable().optional().transform((v) => v ?? null);
const text = z.string().nullable().optional().transform((v) => v ?? '');

export const breakSchema = z.object({ from: z.string(), to: nullableString });
export type Break = z.output<typeof breakSchema>;

export const ACTION_TYPES = ['start', 'break', 'resume', 'end'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/**
 * A press of the shift made offline on a phone and sent later (issue 39): when it was recorded (the
 * phone's time corrected by its measured offset), what the phone's clock said, how far off it was
 * (seconds, positive: fast) and when the server received it.
 */
export const offlinePressSchema = z.object({
  action: z.string(),
  recordedAt: z.string(),
  deviceTime: z.string(),
  skewSeconds: z.number().nullable().optional().transform((v) => v ?? 0),
  receivedAt: z.string(),
});
export type OfflinePress = z.output<typeof offlinePressSchema>;

/** Where a press came from (issue 40): the web clock, a kiosk, a phone offline, or a manager's edit. */
export const PRESS_SOURCES = ['web', 'kiosk', 'offline', 'edit'] as const;
export type PressSource = (typeof PRESS_SOURCES)[number];

/**
 * One press of the shift's history: its source (an older server sends none: 'web'), and why a work
 * location's rule flagged it ("412 m outside Main Office, ±35 m"), or null when it passed or no rule
 * applies (issue 40).
 */
export const historyEntrySchema = z.object({
  actionType: z.string(),
  actionDate: z.string(),
  source: z
    .string()
    .nullable()
    .optional()
    .transform((v): PressSource => ((PRESS_SOURCES as readonly string[]).includes(v ?? '') ? (v as PressSource) : 'web')),
  placeFlag: z
    .string()
    .nullable()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : null)),
});
export type HistoryEntry = z.output<typeof historyEntrySchema>;

/** What a missed punch missed (issue 40). */
export const MISSED_PUNCH_KINDS = ['clock_out', 'break_end'] as const;
export type MissedPunchKind = (typeof MISSED_PUNCH_KINDS)[number];

/** A timesheet row: one shift with its breaks and action history. entryStatus 2 = Pending Approval. */
export const entrySchema = z.object({
  id: z.number().int(),
  trackingNumber: z.number().int().optional(),
  employeeId: z.number().int(),
  firstname: text,
  lastname: text,
  day: z.string(),
  start: z.string(),
  end: nullableString,
  breaks: z.array(breakSchema).optional().transform((v) => v ?? []),
  totalmins: z.number().optional().transform((v) => v ?? 0),
  duration: text,
  entryStatus: z.number().int().optional().transform((v) => v ?? 0),
  currentClockStatus: z.number().int().nullable().optional().transform((v) => v ?? null),
  history: z
    .array(historyEntrySchema)
    .optional()
    .transform((v) => v ?? []),
  /** Its presses made offline (none from an older server). */
  offlinePresses: z
    .array(offlinePressSchema)
    .nullable()
    .optional()
    .transform((v) => v ?? []),
  /**
   * What Timekeep found missing when it closed the shift at the company's longest shift (issue 40):
   * a clock-out or a break's end; null on a shift it never closed (and from an older server).
   */
  missedPunch: z
    .string()
    .nullable()
    .optional()
    .transform((v): MissedPunchKind | null => (v ? ((MISSED_PUNCH_KINDS as readonly string[]).includes(v) ? (v as MissedPunchKind) : 'clock_out') : null)),
  /** The missed punch still waits for a correction or an 'accept as is': paid in no payroll file until then. */
  missedOpen: z
    .boolean()
    .nullable()
    .optional()
    .transform((v) => v ?? false),
});
export type Entry = z.output<typeof entrySchema>;

/** Spec 000 §3: entryStatus 2 reads 'Pending Approval'. */
export const ENTRY_PENDING_APPROVAL = 2;
export const PENDING_APPROVAL_TEXT = 'Pending Approval';

export const CHANGE_TYPES = ['in', 'out', 'inout'] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

export const BREAK_OPERATIONS = ['NOCHANGE', 'REMOVE', 'REPLACE'] as const;
export type BreakOperation = (typeof BREAK_OPERATIONS)[number];

/** Edit request status: 0 raised, 1 approved, 2 rejected, 3 canceled (spec 000 §4). */
export const REQUEST_STATUS_LABELS: Record<number, string> = {
  0: 'Raised',
  1: 'Approved',
  2: 'Rejected',
  3: 'Canceled',
};

export const editRequestSchema = z.object({
  id: z.number().int(),
  /** Null on a request to add a shift that does not exist yet (a held offline clock-in, issue 39). */
  entryId: z.number().int().nullable().optional().transform((v) => v ?? null),
  /** Whose shift it is. */
  employeeId: z.number().int(),
  /** Who raised it, when the server says (only they may cancel). */
  requesterId: z.number().int().nullable().optional().transform((v) => v ?? null),
  requestDate: z.string(),
  requestComments: text,
  changeType: z.string(),
  payload: z
    .object({
      start: nullableString,
      end: nullableString,
      boptype: z.string().optional().transform((v) => v ?? 'NOCHANGE'),
      breaks: z.array(breakSchema).optional().transform((v) => v ?? []),
    })
    .optional()
    .transform((v) => v ?? { start: null, end: null, boptype: 'NOCHANGE', breaks: [] }),
  status: z.number().int(),
  actDate: nullableString,
  actComments: nullableString,
  actorFirstname: text,
  actorLastname: text,
  requesterFirstname: text,
  requesterLastname: text,
  /** Issue 41: where the request stands on its approval path; null without one. */
  approval: optionalApprovalSchema,
});
export type EditRequest = z.output<typeof editRequestSchema>;

export const fullName = (person: { firstname: string; lastname: string }): string =>
  `${person.firstname} ${person.lastname}`.trim();
