import type { Approver } from '../api/approvers';
import { approverName } from '../api/approvers';
import type { Approvers, EscalateTo, Mode, Step } from '../api/setup';

/** Texts of the approval paths, stand-ins and the answer page (issue 41). */
export const APPROVALS_TEXTS = {
  pathsIntro:
    'An approval path says who answers a time-off request or a timesheet edit request, step by step. Without a path, anyone who manages the person answers, as before.',
  noPaths: 'There is no approval path yet.',
  usesIntro:
    'Choose the path each kind of request follows. Requests already waiting keep the path they started with. "Approve automatically" approves a time-off type\'s requests as soon as they are filed (sick time, for example).',
  noPath: 'No path (anyone who manages the person)',
  fallbackIntro:
    'Who answers a step whose only approver is the requester, when nobody is above them. By default, the company\'s admins.',
  fallbackAdmins: "The company's admins",
  deleteQuestion: 'Requests that follow this path keep it; new ones follow the rule without a path.',
  standInsIntro:
    'While you are out of office, a stand-in answers the requests that wait for you. They see them in their inbox and receive the e-mails.',
  noStandIns: 'Nobody stands in for anyone.',
  addStandIn: 'Add stand-in',
} as const;

/** Who answers a step, as the editor's choice and the path's summary say it. */
export const APPROVERS_LABELS: Readonly<Record<Approvers, string>> = {
  manager: "The requester's manager",
  managers_manager: "The manager's manager",
  admins: "The company's admins",
  people: 'Named managers or admins',
};

export const MODE_LABELS: Readonly<Record<Mode, string>> = {
  any: 'Any one of them',
  all: 'All of them',
};

export const ESCALATE_TO_LABELS: Readonly<Record<EscalateTo, string>> = {
  next_level: "The next level up (the approvers' managers)",
  people: 'Named managers or admins',
};

const hours = (n: number): string => `${n} ${n === 1 ? 'hour' : 'hours'}`;

/** Names of these people ids, in the order given; an id nobody has: 'someone'. */
export function peopleNames(ids: readonly number[], people: readonly Approver[]): string {
  const names = ids.map((id) => {
    const person = people.find((p) => p.id === id);
    return person ? approverName(person) : 'someone no longer a manager or admin';
  });
  return names.length === 0 ? 'nobody yet' : names.join(', ');
}

/**
 * A step in a sentence: "The company's admins (any one of them), only for requests longer than 40
 * hours; reminder after 24 hours; escalates after 48 hours to the next level up".
 */
export function stepSummary(step: Step, people: readonly Approver[]): string {
  const who = step.approvers === 'people' ? peopleNames(step.people, people) : APPROVERS_LABELS[step.approvers];
  const many = step.approvers === 'admins' || (step.approvers === 'people' && step.people.length > 1);
  const parts = [many ? `${who} (${step.mode === 'all' ? 'all of them' : 'any one of them'})` : who];
  if (step.longerThanHours !== null) parts[0] += `, only for requests longer than ${hours(step.longerThanHours)}`;
  if (step.remindAfterHours !== null) parts.push(`reminder after ${hours(step.remindAfterHours)}`);
  if (step.escalateAfterHours !== null) {
    const to = step.escalateTo === 'people' ? peopleNames(step.escalatePeople, people) : 'the next level up';
    parts.push(`escalates after ${hours(step.escalateAfterHours)} to ${to}`);
  }
  if (step.skipWhenOnlyRequester) parts.push('skipped when the requester is its only approver');
  return parts.join('; ');
}
