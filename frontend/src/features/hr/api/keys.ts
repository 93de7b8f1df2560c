import { settingsDataKey } from '@/lib/settings-data';

/**
 * Query keys of the HR records. Every write of a folder invalidates `folder(employeeId)` and the
 * folder's activity timeline (owned by the HR-folder screen, named here by its key only); every
 * write of the signed-in person's own HR invalidates `mine`; every write of a policy broadcast
 * invalidates `policies` (the list, the policies and their publications).
 */
export const hrKeys = {
  all: ['hr'] as const,
  folder: (employeeId: number) => ['hr', 'folder', employeeId] as const,
  folderDocs: (employeeId: number, query: object) => ['hr', 'folder', employeeId, 'docs', query] as const,
  folderEvents: (employeeId: number, query: object) => ['hr', 'folder', employeeId, 'events', query] as const,
  folderRequests: (employeeId: number, query: object) => ['hr', 'folder', employeeId, 'requests', query] as const,
  event: (id: number) => ['hr', 'event', id] as const,
  doc: (id: number) => ['hr', 'doc', id] as const,
  mine: ['hr', 'mine'] as const,
  myTasks: ['hr', 'mine', 'tasks'] as const,
  myDocs: (page: number) => ['hr', 'mine', 'docs', page] as const,
  myEvents: (page: number) => ['hr', 'mine', 'events', page] as const,
  myPolicies: (page: number) => ['hr', 'mine', 'policies', page] as const,
  myEvent: (id: number) => ['hr', 'mine', 'event', id] as const,
  myPolicy: (workflowId: number) => ['hr', 'mine', 'policy', workflowId] as const,
  policies: ['hr', 'policies'] as const,
  policyList: (query: object) => ['hr', 'policies', 'list', query] as const,
  policy: (id: number) => ['hr', 'policies', 'policy', id] as const,
  workflow: (id: number) => ['hr', 'policies', 'workflow', id] as const,
  /** GET /refdata/admin: the pickers' lists (job roles, types, the people in reach). */
  refdata: ['hr', 'refdata', 'admin'] as const,
  /**
   * GET /settings/data as the HR types read it: its own key, not the settings lists'
   * (`settingsData`), since one key must hold one shape. Writes invalidate both.
   */
  types: ['hr', 'types'] as const,
  settingsData: settingsDataKey,
};

/** The folder's activity timeline (GET /manage/user-activities), which lists HR records too. */
export const folderActivitiesKey = (employeeId: number) => ['manage', 'employee', employeeId, 'activities'] as const;
