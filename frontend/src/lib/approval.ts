import { z } from '@/lib/zod';
import { formatDateTime, formatIsoDate, WEEKDAY_NAMES, weekdayOf } from './company-time';
import { isoDateIn } from './dates';

/**
 * Where a request stands on its approval path (issue 41, docs/contracts/approvals.md "Where a
 * request stands"): the `approval` of a time-off request (`PtoRequestView`, the inbox's time-off
 * rows) and of a timesheet edit request (`EditRequestView`, the inbox's timesheet rows). Null (or
 * left out, as an older server does) when the request has no path. Shared by the inbox, the
 * employee's time off and the timesheet, which show it; the approvals feature sets the paths up.
 */

const nullableString = z.string().nullable().optional().transform((v) => v ?? null);

export const APPROVAL_STATES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export const approvalAnswerSchema = z.object({
  step: z.number().int(),
  byName: z.string(),
  /** Whom the person answered for (a stand-in); null when they answered as themselves. */
  forName: nullableString,
  decision: z.enum(['approve', 'reject']),
  comment: nullableString,
  /** An admin approved every remaining step at once. */
  allSteps: z.boolean().optional().transform((v) => v ?? false),
  at: z.string(),
});
export type ApprovalAnswer = z.output<typeof approvalAnswerSchema>;

export const approvalEscalationSchema = z.object({
  step: z.number().int(),
  at: z.string(),
  toNames: z.array(z.string()),
});
export type ApprovalEscalation = z.output<typeof approvalEscalationSchema>;

export const approvalSchema = z.object({
  step: z.number().int(),
  steps: z.number().int(),
  /** When the current step began waiting (ISO-8601 UTC). */
  since: nullableString,
  waitingFor: z.array(z.string()).optional().transform((v) => v ?? []),
  state: z.enum(APPROVAL_STATES),
  /** The viewer may answer the current step (its approver, or a stand-in of one). */
  mayAnswer: z.boolean().optional().transform((v) => v ?? false),
  answers: z
    .array(approvalAnswerSchema)
    .optional()
    .transform((v) => v ?? []),
  escalations: z
    .array(approvalEscalationSchema)
    .optional()
    .transform((v) => v ?? []),
});
export type Approval = z.output<typeof approvalSchema>;

/** A view's `approval`: null when the request has no path, or the server is older than paths. */
export const optionalApprovalSchema = approvalSchema
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/** 'Maria Lopez', 'Maria Lopez, Jo Park'. */
export const namesText = (names: readonly string[]): string => names.join(', ');

/** The inbox's line: 'Step 2 of 2 · waiting for Maria Lopez'. */
export function approvalStepText(approval: Pick<Approval, 'step' | 'steps' | 'waitingFor' | 'state'>): string {
  const step = `Step ${approval.step} of ${approval.steps}`;
  if (approval.state !== 'pending') return step;
  return approval.waitingFor.length > 0 ? `${step} · waiting for ${namesText(approval.waitingFor)}` : step;
}

/** 'Ana Silva' or, for a stand-in, 'Ana Silva for Sam Lee'. */
export const answeredByText = (answer: Pick<ApprovalAnswer, 'byName' | 'forName'>): string =>
  answer.forName ? `${answer.byName} for ${answer.forName}` : answer.byName;

/** 'Step 1: approved by Ana Silva for Sam Lee' ('all steps approved by …' for an admin's all-steps approval). */
export function answerText(answer: ApprovalAnswer): string {
  const verb = answer.decision === 'reject' ? 'rejected' : answer.allSteps ? 'all remaining steps approved' : 'approved';
  return `Step ${answer.step}: ${verb} by ${answeredByText(answer)}`;
}

/** 'Step 1: escalated to Jo Park'. */
export const escalationText = (escalation: ApprovalEscalation): string => `Step ${escalation.step}: escalated to ${namesText(escalation.toNames)}`;

/** Whole calendar days from `from` to `to` ('YYYY-MM-DD'). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}

/**
 * When a step began waiting, on the company calendar: the weekday's name within the last 7 days
 * ('Tuesday'), the date otherwise ('03/03/2026').
 */
export function sinceText(since: string, timeZone: string, now: Date = new Date()): string {
  const day = isoDateIn(new Date(since), timeZone);
  const today = isoDateIn(now, timeZone);
  const ago = daysBetween(day, today);
  return ago >= 0 && ago < 7 ? WEEKDAY_NAMES[weekdayOf(day)]! : formatIsoDate(day);
}

/** The employee's line: 'Waiting for Maria Lopez, step 2 of 2, since Tuesday'. */
export function waitingText(approval: Pick<Approval, 'step' | 'steps' | 'waitingFor' | 'since'>, timeZone: string, now: Date = new Date()): string {
  const who = approval.waitingFor.length > 0 ? namesText(approval.waitingFor) : 'approval';
  const since = approval.since ? `, since ${sinceText(approval.since, timeZone, now)}` : '';
  return `Waiting for ${who}, step ${approval.step} of ${approval.steps}${since}`;
}

/** 'MM/DD/YYYY hh:mm A' of an answer or escalation, on the company clock. */
export const approvalEventTime = (at: string, timeZone: string): string => formatDateTime(at, timeZone);
