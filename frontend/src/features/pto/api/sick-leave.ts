import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { ptoKeys } from './keys';
import { ruleBody, ruleFromSaved, ruleProblems, ruleSchema, type RuleForm } from './plans';

/**
 * The paid-sick-leave laws (issue 38): the plan wizard's 'Start from a law', the check of a rule
 * against a law as it is typed, and the compliance of every plan where its people work. All three
 * are for admins only.
 */

/** One employer-size tier of a law, with the rule that meets it exactly (`preset`, ids 0). */
export const lawTierSchema = z.object({
  label: z.string(),
  minEmployees: z.number().int(),
  maxEmployees: z.number().int().nullable(),
  /** The leave must be paid in this tier (else the hours are owed unpaid). */
  paid: z.boolean(),
  /** What the law asks, one sentence per point. */
  requirements: z.array(z.string()),
  preset: ruleSchema,
});
export type LawTier = z.output<typeof lawTierSchema>;

export const lawSchema = z.object({
  /** `us-ca`, `us-nyc`… */
  id: z.string(),
  name: z.string(),
  /** `state` or `city`. */
  level: z.string(),
  state: z.string(),
  city: z.string().nullable(),
  title: z.string(),
  citation: z.string(),
  sources: z.array(z.string()),
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable(),
  /** How the law counts employees. */
  headcountRule: z.string(),
  /** Values no source confirmed: not checked. */
  notProvided: z.array(z.string()),
  notes: z.array(z.string()),
  tiers: z.array(lawTierSchema),
});
export type Law = z.output<typeof lawSchema>;

export const sickLeaveLawsSchema = z.object({
  asOf: z.string(),
  /** The company's active people today: the size the wizard starts from. */
  headcount: z.number().int(),
  /** The laws of the company's address (state, then city), offered first. */
  suggested: z.array(z.string()),
  laws: z.array(lawSchema),
});
export type SickLeaveLaws = z.output<typeof sickLeaveLawsSchema>;

/** Where a rule gives less than a law: 'Balance cap 40 h is below California's 80 h'. */
export const shortfallSchema = z.object({ field: z.string(), law: z.string(), message: z.string() });
export type Shortfall = z.output<typeof shortfallSchema>;

export const sickLeaveCheckSchema = z.object({ tier: z.string(), shortfalls: z.array(shortfallSchema) });
export type SickLeaveCheck = z.output<typeof sickLeaveCheckSchema>;

export const placeComplianceSchema = z.object({
  /** Two letters; none when neither the person nor the company says. */
  state: z.string().nullable(),
  city: z.string().nullable(),
  /** The plan's people working there (0: nobody is in the plan; this is the company's address). */
  employees: z.number().int(),
  /** The laws binding there with this employer's tier ('California: Every employer'); empty: none known. */
  laws: z.array(z.string()),
  /** The plan's type whose rule comes closest to the laws. */
  ptoTypeName: z.string().nullable(),
  shortfalls: z.array(shortfallSchema),
});
export type PlaceCompliance = z.output<typeof placeComplianceSchema>;

export const planComplianceSchema = z.object({
  planId: z.number().int(),
  planName: z.string(),
  /** No shortfall anywhere its people work. */
  compliant: z.boolean(),
  places: z.array(placeComplianceSchema),
});
export type PlanCompliance = z.output<typeof planComplianceSchema>;

export const complianceReportSchema = z.object({ asOf: z.string(), headcount: z.number().int(), plans: z.array(planComplianceSchema) });
export type ComplianceReport = z.output<typeof complianceReportSchema>;

/** GET /pto-manage/sick-leave-laws. */
export const sickLeaveLawsQueryOptions = () =>
  queryOptions({ queryKey: ptoKeys.sickLeaveLaws, queryFn: () => api.get('/pto-manage/sick-leave-laws', { schema: sickLeaveLawsSchema }) });
export const useSickLeaveLaws = (enabled = true) => useQuery({ ...sickLeaveLawsQueryOptions(), enabled });

/** GET /pto-manage/sick-leave-compliance; asked afresh on each screen (the company's address may have moved). */
export const sickLeaveComplianceQueryOptions = () =>
  queryOptions({
    queryKey: ptoKeys.sickLeaveCompliance,
    queryFn: () => api.get('/pto-manage/sick-leave-compliance', { schema: complianceReportSchema }),
    staleTime: 0,
  });
export const useSickLeaveCompliance = (enabled = true) => useQuery({ ...sickLeaveComplianceQueryOptions(), enabled });

/**
 * POST /pto-manage/sick-leave-check of a complete rule (its body as JSON is the key: a change asks
 * again and the older call is aborted). Nothing is asked while `bodyJson` is null.
 */
export const useSickLeaveCheck = (bodyJson: string | null) =>
  useQuery({
    queryKey: ptoKeys.sickLeaveCheck(bodyJson),
    queryFn: ({ signal }) => api.post('/pto-manage/sick-leave-check', JSON.parse(bodyJson ?? '{}') as unknown, { schema: sickLeaveCheckSchema, signal }),
    enabled: bodyJson !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** The law chosen for a rule ('Start from a law') and the employer's size as typed. */
export interface LawChoice {
  /** The law's id; null: none chosen. */
  law: string | null;
  employees: string;
}

/** The server's texts of the law check. */
export const LAW_TEXTS = {
  employees: 'Please input the number of employees, from 1 to 100,000',
  notCovered: 'This law does not cover an employer of that size',
} as const;

/** The employer's size as typed, when it is a whole number from 1 to 100,000. */
export function employeeCount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const count = Number(trimmed);
  return count >= 1 && count <= 100_000 ? count : null;
}

/** The law's tier for an employer of `employees` people (none: the law does not cover it). */
export const tierFor = (law: Law, employees: number): LawTier | null =>
  law.tiers.find((tier) => tier.minEmployees <= employees && (tier.maxEmployees === null || employees <= tier.maxEmployees)) ?? null;

/** The rule form filled from a tier's preset, for the type being set up. */
export const presetRule = (tier: LawTier, ptoTypeId: number): RuleForm => ruleFromSaved({ ...tier.preset, ptoTypeId });

/** The body of the check when the law, the size and the rule are all complete; else null. */
export function checkBody(law: Law | undefined, employeesText: string, rule: RuleForm): string | null {
  const employees = employeeCount(employeesText);
  if (!law || employees === null || !tierFor(law, employees) || Object.keys(ruleProblems(rule)).length > 0) return null;
  return JSON.stringify({ law: law.id, employees, rule: ruleBody(rule) });
}

/** 'California (Cal. Lab. Code §§ 245–249)': how the law picker lists a law. */
export const lawLabel = (law: Law): string => `${law.name} (${law.citation})`;

/** The law picker's choices: the company's address's laws first. */
export function lawOptions({ laws, suggested }: Pick<SickLeaveLaws, 'laws' | 'suggested'>) {
  const option = (law: Law) => ({ value: law.id, label: lawLabel(law) });
  const first = suggested.map((id) => laws.find((law) => law.id === id)).filter((law): law is Law => law !== undefined);
  const others = laws.filter((law) => !suggested.includes(law.id));
  if (first.length === 0) return others.map(option);
  return [
    { group: "For your company's address", items: first.map(option) },
    { group: 'Other laws', items: others.map(option) },
  ];
}

/** The rule form's names of the fields a law speaks of (its `notProvided` and shortfalls name them). */
export const LIMIT_LABELS: Record<string, string> = {
  method: 'How it is given',
  rate: 'Hours',
  rateUnit: 'For every',
  waitingPeriod: 'Waiting period',
  carryoverPolicy: 'Carryover',
  maxCarryover: 'Most hours carried over',
  maxBalance: 'Maximum balance',
  yearlyAccrualCap: 'Yearly accrual cap',
  yearlyUseCap: 'Yearly use cap',
  usableAfterDays: 'Usable after',
  minIncrement: 'Smallest block',
};

/** A `notProvided` entry in plain words: 'minIncrement (2 h is often cited…)' → 'Smallest block (2 h is often cited…)'. */
export function notProvidedText(entry: string): string {
  const match = /^(\w+)(.*)$/.exec(entry);
  const label = match ? LIMIT_LABELS[match[1]!] : undefined;
  return label && match ? `${label}${match[2]}` : entry;
}

/**
 * The law (and size) a saved rule of a plan is checked against: the laws binding where the plan's
 * people work, when this rule is the plan's closest to them (the compliance report says which
 * type). The law the rule falls short of comes first; the size is the company's headcount.
 */
export function savedLawChoice(report: ComplianceReport | undefined, laws: SickLeaveLaws | undefined, planId: number, typeName: string): LawChoice | null {
  const plan = report?.plans.find((candidate) => candidate.planId === planId);
  if (!plan || !laws) return null;
  for (const place of plan.places) {
    if (place.laws.length === 0 || place.ptoTypeName !== typeName) continue;
    const ids = place.laws
      .map((text) => laws.laws.find((law) => law.tiers.some((tier) => `${law.name}: ${tier.label}` === text))?.id)
      .filter((id): id is string => id !== undefined);
    const short = ids.find((id) => place.shortfalls.some((shortfall) => shortfall.law === id));
    const law = short ?? ids[0];
    if (law) return { law, employees: String(laws.headcount) };
  }
  return null;
}
