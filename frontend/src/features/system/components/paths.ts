/** The addresses of the system area (spec 002 §2 names the first five; the others are this product's). */
export const SYSTEM_PATHS = {
  customers: '/sy5tem/adm1n',
  stats: '/sy5tem/stat',
  employees: '/sy5tem/employees',
  resetPassword: '/sy5tem/resetpwd',
  impersonate: '/sy5tem/impersonate',
  promotions: '/sy5tem/promot',
  audit: '/sy5tem/audit',
  accrualHealth: '/sy5tem/accrual-health',
  jobs: '/sy5tem/jobs',
} as const;

/** A company's page. */
export const companyPath = (id: number): string => `/sy5tem/company/${id}`;

/** A screen that takes an e-mail address (reset password, impersonate), filled in. */
export const withEmail = (path: string, email: string): string => `${path}?email=${encodeURIComponent(email)}`;
