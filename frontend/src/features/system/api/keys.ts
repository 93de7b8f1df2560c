/**
 * Query keys of the system area. A write invalidates what it changes: a company's actions its
 * detail, its charges and the lists it appears in (`companies`, `stats`); promotions their list.
 */
export const systemKeys = {
  all: ['system'] as const,
  companies: (query: object) => ['system', 'companies', query] as const,
  companyLists: ['system', 'companies'] as const,
  company: (id: number) => ['system', 'company', id] as const,
  charges: (companyId: number, query?: object) => (query ? (['system', 'charges', companyId, query] as const) : (['system', 'charges', companyId] as const)),
  attempts: (chargeId?: number) => (chargeId === undefined ? (['system', 'attempts'] as const) : (['system', 'attempts', chargeId] as const)),
  stats: (query?: object) => (query ? (['system', 'stats', query] as const) : (['system', 'stats'] as const)),
  employees: (query?: object) => (query ? (['system', 'employees', query] as const) : (['system', 'employees'] as const)),
  user: (email: string) => ['system', 'user', email] as const,
  promots: (query?: object) => (query ? (['system', 'promots', query] as const) : (['system', 'promots'] as const)),
  promotCompanies: (code: string) => ['system', 'promot-companies', code] as const,
  audit: (query?: object) => (query ? (['system', 'audit', query] as const) : (['system', 'audit'] as const)),
  accrualHealth: ['system', 'accrual-health'] as const,
  jobs: ['system', 'jobs'] as const,
};
