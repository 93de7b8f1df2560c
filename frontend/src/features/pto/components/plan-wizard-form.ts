import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { z } from '@/lib/zod';
import { ruleFor, ruleProblems, type AssignType, type PlanForm, type RuleForm, type StartingBalance } from '../api/plans';
import type { LawChoice } from '../api/sick-leave';

/** The wizard's steps (002 §2): 1 name and types, 2 year, 3–7 rules, 8–9 assign, 10 balances, 11 recap. */
export const STEP = { name: 0, year: 1, rules: 2, assign: 3, balances: 4, recap: 5 } as const;
export const STEP_LABELS = ['Name', 'Year', 'Rules', 'Assign', 'Balances', 'Recap'];

export const ASSIGN_LABELS: Record<AssignType, string> = {
  jobRole: 'By job role',
  entireTeam: 'The entire team',
  teamMembers: 'Select team members',
  none: "Don't assign yet",
};

/** Everything the wizard asks, in one form; the starting balances are the texts typed over the prefilled ones. */
export interface PlanWizardValues {
  name: string;
  typeIds: number[];
  year: string;
  /** Each type's rule, once set up. */
  rules: Record<number, RuleForm>;
  assignType: AssignType | '';
  assignIds: string[];
  /** Step 10's typed balances by `employeeId:ptoTypeId`. */
  balanceEdits: Record<string, string>;
  /** Issue 38: the law each type's rule started from ('Start from a law'); never sent. */
  lawChoices?: Record<number, LawChoice>;
}
export type PlanWizardForm = UseFormReturnType<PlanWizardValues>;

/** A type's rule before its method is chosen: the rule form of api/plans.ts (`ruleFor`) with no method. */
export const emptyRule = (ptoTypeId: number): RuleForm => ruleFor(ptoTypeId, '');

/** A type's rule is Done once set up without a problem. */
export const isRuleDone = (rules: Record<number, RuleForm>, id: number): boolean => Boolean(rules[id]) && Object.keys(ruleProblems(rules[id]!)).length === 0;

/** The rules of the chosen types, in their order (an empty one for a type not set up yet). */
export const chosenRules = ({ typeIds, rules }: Pick<PlanWizardValues, 'typeIds' | 'rules'>): RuleForm[] => typeIds.map((id) => rules[id] ?? emptyRule(id));

/** Spec 002 §5's texts of the wizard's questions. */
export const WIZARD_TEXTS = {
  name: 'Please input the Name',
  types: 'Please choose at least one PTO type',
  rules: 'Please finish the rule of every type',
  assignType: 'Please choose who this plan is for',
  jobRoles: 'Please choose at least one job role',
  teamMembers: 'Please choose at least one team member',
} as const;

/** What the wizard checks before Next; each step checks its own fields (`stepProblems`). */
export const planWizardSchema = z
  .object({
    name: z.string().refine((name) => name.trim() !== '', WIZARD_TEXTS.name),
    typeIds: z.array(z.number()).min(1, WIZARD_TEXTS.types),
    year: z.string(),
    rules: z.custom<Record<number, RuleForm>>(),
    assignType: z.enum(['jobRole', 'entireTeam', 'teamMembers', 'none', '']),
    assignIds: z.array(z.string()),
    balanceEdits: z.custom<Record<string, string>>(),
    lawChoices: z.custom<Record<number, LawChoice>>().optional(),
  })
  .superRefine((values, ctx) => {
    if (!values.typeIds.every((id) => isRuleDone(values.rules, id))) ctx.addIssue({ code: 'custom', path: ['rules'], message: WIZARD_TEXTS.rules });
    if (!values.assignType) ctx.addIssue({ code: 'custom', path: ['assignType'], message: WIZARD_TEXTS.assignType });
    else if (values.assignType === 'jobRole' && values.assignIds.length === 0) ctx.addIssue({ code: 'custom', path: ['assignIds'], message: WIZARD_TEXTS.jobRoles });
    else if (values.assignType === 'teamMembers' && values.assignIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['assignIds'], message: WIZARD_TEXTS.teamMembers });
    }
  });

/** The fields each step checks before Next. */
const STEP_FIELDS: Partial<Record<number, (keyof PlanWizardValues)[]>> = {
  [STEP.name]: ['name', 'typeIds'],
  [STEP.rules]: ['rules'],
  [STEP.assign]: ['assignType', 'assignIds'],
};

const resolveProblems = schemaResolver(planWizardSchema, { sync: true });

/** The problems of a step's own fields (`planWizardSchema`): Next shows them, and only them, until the next Next. */
export function stepProblems(step: number, values: PlanWizardValues): Record<string, string> {
  const problems = resolveProblems(values);
  const found: Record<string, string> = {};
  for (const path of STEP_FIELDS[step] ?? []) {
    const problem = problems[path];
    if (problem) found[path] = String(problem);
  }
  return found;
}

/** The wizard's form; its problems are a step's (`stepProblems`), set by Next, so a change keeps them. */
export const usePlanWizardForm = (currentYear: number): PlanWizardForm =>
  useForm<PlanWizardValues>({
    mode: 'controlled',
    initialValues: { name: '', typeIds: [], year: String(currentYear), rules: {}, assignType: '', assignIds: [], balanceEdits: {}, lawChoices: {} },
    clearInputErrorOnChange: false,
  });

/**
 * What happens to a rule's unused hours at the end of the year, for the recap. 'No cap' is said
 * too: a cap left unticked looks the same as one forgotten. An expiry of the carried-over hours
 * follows ('…, expiring after 90 days').
 */
export function carryoverText(
  rule: Pick<RuleForm, 'carryoverPolicy' | 'maxCarryoverEnabled' | 'maxCarryover'> & Partial<Pick<RuleForm, 'carryoverExpiresAfter' | 'carryoverExpiryUnit'>>,
): string {
  if (rule.carryoverPolicy === 'useItOrLoseIt') return 'Use it or lose it';
  const cap = rule.maxCarryoverEnabled ? rule.maxCarryover.trim() : '';
  const carried = cap ? `Carryover up to ${cap} hrs` : 'Carryover, no cap';
  const expiry = rule.carryoverExpiresAfter?.trim() ?? '';
  if (!expiry) return carried;
  const unit = rule.carryoverExpiryUnit === 'months' ? 'month' : 'day';
  return `${carried}, expiring after ${expiry} ${unit}${expiry === '1' ? '' : 's'}`;
}

/**
 * Whom the plan is for, by name, for the recap: the chosen job roles or team members (in the order
 * chosen), the entire team, or nobody yet.
 */
export function assigneesText(
  { assignType, assignIds }: Pick<PlanWizardValues, 'assignType' | 'assignIds'>,
  jobRoles: readonly { id: number; name: string }[],
  people: readonly { id: number; firstname: string; lastname: string }[],
): string {
  const named = (list: readonly { id: number; name: string }[]) => assignIds.map((id) => list.find((item) => String(item.id) === id)?.name ?? `#${id}`).join(', ');
  switch (assignType) {
    case 'entireTeam':
      return 'The entire team';
    case 'jobRole':
      return `Job roles: ${named(jobRoles)}`;
    case 'teamMembers':
      return `Team members: ${named(people.map((person) => ({ id: person.id, name: `${person.firstname} ${person.lastname}`.trim() })))}`;
    default:
      return 'Nobody yet (not assigned)';
  }
}

/** Whether the plan is given to anybody (and so may carry starting balances). */
export const isAssigned = (assignType: AssignType | ''): assignType is Exclude<AssignType, 'none'> => assignType !== '' && assignType !== 'none';

/** POST /settings/save-pto-plan's body (002 §2): the ids only for job roles or team members; the balances only when any was adjusted. */
export const planBody = (values: PlanWizardValues, startingBalances: StartingBalance[]): PlanForm => ({
  name: values.name.trim(),
  year: Number(values.year),
  assignType: values.assignType || 'none',
  assignIds: values.assignType === 'jobRole' || values.assignType === 'teamMembers' ? values.assignIds.map(Number) : [],
  rules: chosenRules(values),
  ...(startingBalances.length > 0 ? { startingBalances } : {}),
});
