import type { ApprovalPath, Approvers, EscalateTo, Mode, PathBody, Step } from '../api/setup';

/**
 * The path editor's values: the name and the ordered steps as the fields hold them (ids as
 * strings for the pickers, hours as typed), and the body POST /approvals/paths takes from them.
 */

/** Hours as a NumberInput holds them: a number, or '' when empty. */
export type HoursValue = number | string;

export interface StepDraft {
  /** A stable key for React while steps move. */
  key: number;
  approvers: Approvers;
  people: string[];
  mode: Mode;
  longerThanHours: HoursValue;
  remindAfterHours: HoursValue;
  escalateAfterHours: HoursValue;
  escalateTo: EscalateTo;
  escalatePeople: string[];
  skipWhenOnlyRequester: boolean;
}

export interface PathDraft {
  id?: number;
  name: string;
  steps: StepDraft[];
}

/** The fields of a step, by the names of the server's errors (`steps[0].people`). */
export const STEP_FIELDS = [
  'approvers',
  'people',
  'mode',
  'longerThanHours',
  'remindAfterHours',
  'escalateAfterHours',
  'escalateTo',
  'escalatePeople',
  'skipWhenOnlyRequester',
] as const;
export type StepField = (typeof STEP_FIELDS)[number];

/** 'steps[1].people'. */
export const stepFieldKey = (index: number, field: StepField): string => `steps[${index}].${field}`;

/** Every field the server may name for a path with `count` steps: the name, the steps and each step's fields. */
export const pathFields = (count: number): string[] => [
  'name',
  'steps',
  ...Array.from({ length: count }, (_, index) => [`steps[${index}]`, ...STEP_FIELDS.map((field) => stepFieldKey(index, field))]).flat(),
];

let nextKey = 1;
const newKey = () => nextKey++;

/** A new step: the requester's manager, any one, always, no reminder or escalation. */
export const blankStep = (approvers: Approvers = 'manager'): StepDraft => ({
  key: newKey(),
  approvers,
  people: [],
  mode: 'any',
  longerThanHours: '',
  remindAfterHours: '',
  escalateAfterHours: '',
  escalateTo: 'next_level',
  escalatePeople: [],
  skipWhenOnlyRequester: false,
});

const hoursValue = (hours: number | null): HoursValue => (hours === null ? '' : hours);

export const stepDraft = (step: Step): StepDraft => ({
  key: newKey(),
  approvers: step.approvers,
  people: step.people.map(String),
  mode: step.mode,
  longerThanHours: hoursValue(step.longerThanHours),
  remindAfterHours: hoursValue(step.remindAfterHours),
  escalateAfterHours: hoursValue(step.escalateAfterHours),
  escalateTo: step.escalateTo,
  escalatePeople: step.escalatePeople.map(String),
  skipWhenOnlyRequester: step.skipWhenOnlyRequester,
});

/** A path's values for the editor; a new path starts with one step, the requester's manager. */
export const pathDraft = (path: ApprovalPath | null): PathDraft =>
  path ? { id: path.id, name: path.name, steps: path.steps.map(stepDraft) } : { name: '', steps: [blankStep()] };

/** Typed hours as a number; empty (or not a number): null. */
export function hoursOf(value: HoursValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim();
  if (text === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/** The step of POST /approvals/paths: named people only for `people`, escalation people only for `escalateTo: people`. */
export const stepBody = (step: StepDraft): Step => ({
  approvers: step.approvers,
  people: step.approvers === 'people' ? step.people.map(Number) : [],
  mode: step.mode,
  longerThanHours: hoursOf(step.longerThanHours),
  remindAfterHours: hoursOf(step.remindAfterHours),
  escalateAfterHours: hoursOf(step.escalateAfterHours),
  escalateTo: step.escalateTo,
  escalatePeople: step.escalateTo === 'people' ? step.escalatePeople.map(Number) : [],
  skipWhenOnlyRequester: step.skipWhenOnlyRequester,
});

/** POST /approvals/paths's body: `id` only for a path that exists. */
export const pathBody = (draft: PathDraft): PathBody => ({
  ...(draft.id === undefined ? {} : { id: draft.id }),
  name: draft.name.trim(),
  steps: draft.steps.map(stepBody),
});

/** The steps with the one at `index` moved by `by` (-1 up, +1 down); unchanged at the ends. */
export function moveStep(steps: readonly StepDraft[], index: number, by: -1 | 1): StepDraft[] {
  const to = index + by;
  if (to < 0 || to >= steps.length) return [...steps];
  const next = [...steps];
  const [moved] = next.splice(index, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** Whether the editor's values differ from where they started (the close question). */
export const draftChanged = (start: PathDraft, now: PathDraft): boolean =>
  JSON.stringify(pathBody(start)) !== JSON.stringify(pathBody(now));
