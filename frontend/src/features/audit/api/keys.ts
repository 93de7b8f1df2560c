/**
 * Query keys of the company's audit trail (issue 43, docs/contracts/audit-trail.md). The trail is
 * append-only and no screen writes it: a change anywhere else is seen when the page asks again.
 */
export const auditKeys = {
  all: ['audit'] as const,
  /** GET /audit with the filters (the pages, by cursor, of one infinite query). */
  entries: (query: object) => ['audit', 'entries', query] as const,
};
