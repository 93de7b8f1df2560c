import { formatDateTime, formatMediumDate } from '@/lib/company-time';
import { CERTIFY_STATUS, MY_POLICY_STATUS, WORKFLOW_STATUS, type MyPolicy, type WorkflowSummary } from '../api/schemas';
import { HR_TEXTS } from './labels';

type Counts = Pick<WorkflowSummary, 'status' | 'totalRecipients' | 'confirmedRecipients' | 'declinedRecipients'>;

/** The people who have answered a publication (acknowledged or declined). */
export const answeredOf = (w: Pick<Counts, 'confirmedRecipients' | 'declinedRecipients'>): number => w.confirmedRecipients + w.declinedRecipients;

/**
 * 002 §4: 'Send Reminder' and 'Stop' are offered only while the publication is active (0) and
 * someone has not answered yet.
 */
export const isAwaitingAnswers = (w: Counts): boolean => w.status === WORKFLOW_STATUS.active && w.totalRecipients > answeredOf(w);

/**
 * A publication's status text (002 §4): 'Stopped' and 'Cancelled' with their date, 'Completed'
 * once everyone has answered, else 'In Progress' with how many of how many have answered.
 * Without a publication: 'Not published yet'.
 */
export function broadcastStatusText(w: (Counts & Pick<WorkflowSummary, 'stoppedAt' | 'cancelledAt' | 'modifyDate'>) | null, timeZone: string): string {
  if (!w) return HR_TEXTS.notPublished;
  if (w.status === WORKFLOW_STATUS.stopped) return `Stopped ${formatMediumDate(w.stoppedAt ?? w.modifyDate ?? '', timeZone)}`;
  if (w.status === WORKFLOW_STATUS.cancelled) return `Cancelled ${formatMediumDate(w.cancelledAt ?? w.modifyDate ?? '', timeZone)}`;
  if (!isAwaitingAnswers(w)) return 'Completed';
  return `In Progress (${answeredOf(w)}/${w.totalRecipients})`;
}

/** The badge colour of a status text (dark shades: 4.5:1 on white). */
export function broadcastStatusColor(w: Counts | null): string {
  if (!w) return 'gray.7';
  if (w.status === WORKFLOW_STATUS.stopped || w.status === WORKFLOW_STATUS.cancelled) return 'gray.7';
  return isAwaitingAnswers(w) ? 'blue.8' : 'teal.9';
}

/** A recipient's answer (002 §4): 0 pending, 1 acknowledged, 2 declined. */
export function recipientStatusText(certifyStatus: number): string {
  if (certifyStatus === CERTIFY_STATUS.acknowledged) return 'Acknowledged';
  if (certifyStatus === CERTIFY_STATUS.declined) return 'Declined';
  return 'Pending';
}

/** True while the policy waits for the person's answer (the acknowledge flow opens instead of the detail). */
export const isAwaitingMyAnswer = (policy: Pick<MyPolicy, 'certifyStatus'>): boolean => policy.certifyStatus === MY_POLICY_STATUS.awaiting;

/**
 * My HR's 'Acknowledged' column (000 §4): 'Declined' for a declined policy, the certify date when
 * there is one, else the status text (0 'Awaiting', 1 'Confirmed', 2 'Canceled', 3 'Stopped').
 */
export function myPolicyAnswerText(policy: Pick<MyPolicy, 'certifyStatus' | 'declined' | 'certifyDate'>, timeZone: string): string {
  if (policy.declined) return 'Declined';
  if (policy.certifyDate) return formatDateTime(policy.certifyDate, timeZone);
  switch (policy.certifyStatus) {
    case MY_POLICY_STATUS.awaiting:
      return 'Awaiting';
    case MY_POLICY_STATUS.confirmed:
      return 'Confirmed';
    case MY_POLICY_STATUS.canceled:
      return 'Canceled';
    default:
      return 'Stopped';
  }
}
