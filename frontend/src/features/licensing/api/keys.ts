/**
 * Query keys of producer licensing (issue 42, docs/contracts/licensing.md). Every write of a
 * producer's records (licences, requirements, credits, appointments, NPN) replaces or invalidates
 * `folder(employeeId)` and invalidates `compliance` (the compliance page and "may sell"); a state
 * rule's change invalidates `reference`; an E&O policy's change `eo`.
 */
export const licensingKeys = {
  all: ['licensing'] as const,
  /** GET /licensing/reference: the lines, the state rules and the statuses. */
  reference: ['licensing', 'reference'] as const,
  /** GET /licensing/people/{employeeId}: a producer's folder. */
  folder: (employeeId: number) => ['licensing', 'folder', employeeId] as const,
  /** Every compliance query: the page's rows and "may sell". */
  compliance: ['licensing', 'compliance'] as const,
  complianceRows: (query: object) => ['licensing', 'compliance', 'rows', query] as const,
  maySell: (query: object) => ['licensing', 'compliance', 'may-sell', query] as const,
  /** GET /licensing/eo: the agency's E&O policies. */
  eo: ['licensing', 'eo'] as const,
};
