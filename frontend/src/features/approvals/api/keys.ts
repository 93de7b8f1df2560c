/**
 * Query keys of the approval paths (issue 41). A change of a path, a use or the fallback approver
 * replaces or invalidates `setup`; a stand-in added or removed invalidates `standIns`. The public
 * answer page keeps each link under `answer(token)`.
 */
export const approvalsKeys = {
  all: ['approvals'] as const,
  /** GET /approvals/setup (admins): the paths, where they apply and the fallback approver. */
  setup: ['approvals', 'setup'] as const,
  /** GET /approvals/stand-ins (managers and admins). */
  standIns: ['approvals', 'stand-ins'] as const,
  /** The active managers and admins (GET /manage/data's `managers`): the pickers' people. */
  approvers: ['approvals', 'approvers'] as const,
  /** GET /approvals/answer/{token} (public). */
  answer: (token: string) => ['approvals', 'answer', token] as const,
};
