import type { ChargeAttempt, ChargeStatus, CompanyStatus, RetryOutcome } from '../api/schemas';

/** Texts of the system screens (spec 002 §2 names the screens; the rest is this product's). */
export const SYSTEM_TEXTS = {
  customers: 'Customers',
  statistics: 'Statistics',
  employees: 'Employees',
  resetPassword: 'Reset Password',
  impersonation: 'Impersonation',
  promotions: 'Promotions',
  /** A company's detail on a deployment without billing, where its subscription and charges would be. */
  billingOff: 'Billing is not enabled on this deployment: companies have no subscription or charges here.',
  audit: 'Audit log',
  accrualHealth: 'Accrual health',
  accrualsNeedAttention: 'Accruals need attention',
  accrualsHealthy: 'Accruals are running normally',
  noAccrualRuns: 'The accrual job has not run yet.',
  noAccrualErrors: 'The last run brought every balance forward.',
  noAccrualIncidents: 'No incident was opened.',
  accrualDidNotFinish: 'did not finish',
  jobs: 'Jobs',
  noJobs: 'No job is scheduled yet.',
  noJobRuns: 'No job has run yet.',
  jobNeverRan: 'Never ran',
  noCompanies: 'There are no companies yet.',
  noCompaniesMatch: 'No companies match.',
  noCharges: 'This company has no charges yet.',
  noChargesMatch: 'No charges match.',
  noAttempts: 'No attempt was made at this charge yet.',
  noStats: 'No companies match.',
  noEmployees: 'No users match.',
  noPromots: 'There are no promotion codes yet.',
  noPromotsMatch: 'No promotion codes match.',
  noPromotCompanies: 'No company uses this code.',
  noAudit: 'Nothing was recorded yet.',
  noAuditMatch: 'Nothing was recorded for this company.',
  noUser: 'No user has this e-mail address.',
  noActiveUser: 'No active user has this e-mail address.',
  companyGone: 'This company does not exist or was deleted.',
  noBilling: 'No billing: billing is off, or the company has not subscribed yet.',
  nothingDue: 'Nothing is due today.',
  deleteConfirm: "Type the company's name exactly to confirm.",
} as const;

export const COMPANY_STATUS_LABELS: Record<CompanyStatus, string> = {
  trial: 'Trial',
  expired: 'Expired',
  active: 'Active',
  past_due: 'Past due',
  suspended: 'Suspended',
};

/** Filled badges in dark shades (with autoContrast): light ones fail WCAG AA. */
export const COMPANY_STATUS_COLORS: Record<CompanyStatus, string> = {
  trial: 'blue.8',
  expired: 'gray.7',
  active: 'green.9',
  past_due: 'yellow.4',
  suspended: 'red.9',
};

export const CHARGE_STATUS_LABELS: Record<ChargeStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  retrying: 'Retrying',
  failed: 'Failed',
};

export const CHARGE_STATUS_COLORS: Record<ChargeStatus, string> = {
  pending: 'gray.7',
  paid: 'green.9',
  retrying: 'yellow.4',
  failed: 'red.9',
};

export const ATTEMPT_KIND_LABELS: Record<ChargeAttempt['kind'], string> = { scheduled: 'Scheduled', manual: 'Manual' };

export const ATTEMPT_STATUS_LABELS: Record<ChargeAttempt['status'], string> = {
  started: 'Started',
  succeeded: 'Succeeded',
  declined: 'Declined',
  error: 'Error',
};

/** What a charge attempt came to, for the operator who made it. */
export const RETRY_OUTCOME_TEXTS: Record<RetryOutcome, string> = {
  paid: 'The charge was paid.',
  declined: 'The card was declined.',
  unsettled: 'The payment is not settled yet: the provider will tell us.',
};

export const ROLE_LABELS: Record<string, string> = {
  admin: 'Admin',
  manager: 'Manager',
  employee: 'Employee',
  sysadmin: 'System admin',
};

export const roleLabel = (role: string): string => ROLE_LABELS[role] ?? role;

/** `status` of a user: 1 active, 0 terminated. */
export const userStatusLabel = (status: number): string => (status === 1 ? 'Active' : 'Terminated');

/** A charge the operator may attempt again: declined, not yet paid. */
export const isRetryable = (status: ChargeStatus): boolean => status === 'failed' || status === 'retrying';
