/**
 * Query keys of the HR records. Every write of a folder invalidates `folder(employeeId)` and the
 * folder's activity timeline (owned by the HR-folder screen, named here by its key only); every
 * write of the signed-in person's own HR invalidates `mine`; every write of a policy broadcast
 * invalidates `policies` (the list, the policies and their publications).
 */
export const hrKeys = {
  all: ['hr'] as const,
  folder: (employeeId: number) => ['hr', 'folder', employeeId] as const,
  event: (id: number) => ['hr', 'event', id] as const,
  doc: (id: number) => ['hr', 'doc', id] as const,
  mine: ['hr', 'mine'] as const,
  policies: ['hr', 'policies'] as const,
  policy: (id: number) => ['hr', 'policies', 'policy', id] as const,
  workflow: (id: number) => ['hr', 'policies', 'workflow', id] as const,
  /** GET /refdata/admin: the pickers' lists (job roles, types, the people in reach). */
  refdata: ['hr', 'refdata', 'admin'] as const,
};

/** The folder's activity timeline (GET /manage/user-activities), which lists HR records too. */
export const folderActivitiesKey = (employeeId: number) => ['manage', 'employee', employeeId, 'activities'] as const;
