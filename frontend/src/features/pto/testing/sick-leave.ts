/**
 * Tests only: the paid-sick-leave laws' answers (issue 38) as the server gives them: California's
 * law (as of 2026, its preset and texts) and New York State's, whose tiers depend on the size.
 */
import { bodyOf, response } from '@/testing/http';
import type { ComplianceReport, Law, SickLeaveLaws } from '../api/sick-leave';
import { planRule } from './pto-manage-server';

export const CALIFORNIA: Law = {
  id: 'us-ca',
  name: 'California',
  level: 'state',
  state: 'CA',
  city: null,
  title: 'Healthy Workplaces, Healthy Families Act of 2014, as amended by SB 616',
  citation: 'Cal. Lab. Code §§ 245–249',
  sources: ['https://leginfo.legislature.ca.gov/faces/billNavClient.xhtml?bill_id=202320240SB616'],
  effectiveFrom: '2024-01-01',
  effectiveTo: null,
  headcountRule: 'Every employer, whatever its size; the employee must work 30 days or more in a year in California.',
  notProvided: ['yearlyAccrualCap', 'minIncrement (2 h is often cited; no source confirmed it)'],
  notes: ['An alternative accrual is allowed: at least 24 h by day 120 and 40 h by day 200 of employment.'],
  tiers: [
    {
      label: 'Every employer',
      minEmployees: 1,
      maxEmployees: null,
      paid: true,
      requirements: ['1 h of paid leave for every 30 h worked, overtime included', 'The balance may be capped at no less than 80 h', 'Usable from day 90 of employment'],
      preset: planRule({
        id: 0,
        ptoPolicyId: 0,
        ptoTypeId: 0,
        method: 'PER_HOUR_WORKED',
        rate: 1,
        rateUnit: 30,
        maxBalanceEnabled: true,
        maxBalance: 80,
        yearlyUseCap: 40,
        usableAfterDays: 90,
        usableCounting: 'fromDay',
        summary: '1 hrs per 30 worked hours',
      }),
    },
  ],
};

export const NEW_YORK: Law = {
  ...CALIFORNIA,
  id: 'us-ny',
  name: 'New York State',
  state: 'NY',
  title: 'New York Paid Sick Leave',
  citation: 'N.Y. Lab. Law § 196-b',
  notProvided: [],
  notes: [],
  tiers: [
    { ...CALIFORNIA.tiers[0]!, label: '1 to 4 employees', minEmployees: 1, maxEmployees: 4, requirements: ['Up to 40 h of unpaid leave a year'], paid: false },
    { ...CALIFORNIA.tiers[0]!, label: '5 to 99 employees', minEmployees: 5, maxEmployees: 99, requirements: ['Up to 40 h of paid leave a year'] },
  ],
};

export const LAWS: SickLeaveLaws = { asOf: '2026-11-29', headcount: 8, suggested: ['us-ca'], laws: [NEW_YORK, CALIFORNIA] };

/** The check of a rule against California: a balance cap under 80 h falls short. */
export function californiaCheck(init: RequestInit) {
  const body = bodyOf(init) as { law: string; employees: number; rule: { maxBalanceEnabled: boolean; maxBalance: string } };
  const cap = Number(body.rule.maxBalance);
  const shortfalls =
    body.rule.maxBalanceEnabled && cap < 80 ? [{ field: 'maxBalance', law: 'us-ca', message: `Balance cap ${cap} h is below California's 80 h` }] : [];
  return response({ json: { tier: 'Every employer', shortfalls } });
}

/** Standard meets California's law; Part-time falls short of it. */
export const COMPLIANCE: ComplianceReport = {
  asOf: '2026-11-29',
  headcount: 8,
  plans: [
    {
      planId: 3,
      planName: 'Standard',
      compliant: true,
      places: [{ state: 'CA', city: 'Fresno', employees: 2, laws: ['California: Every employer'], ptoTypeName: 'Sick', shortfalls: [] }],
    },
    {
      planId: 4,
      planName: 'Part-time',
      compliant: false,
      places: [
        {
          state: 'CA',
          city: 'Fresno',
          employees: 0,
          laws: ['California: Every employer'],
          ptoTypeName: 'Vacation',
          shortfalls: [
            { field: 'maxBalance', law: 'us-ca', message: "Balance cap 40 h is below California's 80 h" },
            { field: 'usableAfterDays', law: 'us-ca', message: "Time is usable from day 121 of employment; California's law makes it usable from day 90" },
          ],
        },
      ],
    },
  ],
};

/** The sick-leave routes of the fake PTO server. */
export const sickLeaveRoutes = ({ laws = LAWS, compliance = COMPLIANCE }: { laws?: SickLeaveLaws; compliance?: ComplianceReport } = {}) => ({
  'GET /pto-manage/sick-leave-laws': () => response({ json: laws }),
  'GET /pto-manage/sick-leave-compliance': () => response({ json: compliance }),
  'POST /pto-manage/sick-leave-check': (init: RequestInit) => californiaCheck(init),
});
