import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { sorry } from '@/lib/form-errors';
import { PLAN_SAVED, useSavePlan } from '../api/plans';
import { refusedRules, type RuleRefusal } from '../api/rules';
import { hasPeople, invalidBalances, startingBalanceFailure } from '../api/starting-balances';
import { chosenRules, isAssigned, isRuleDone, planBody, STEP, stepProblems, type PlanWizardForm } from './plan-wizard-form';
import { firstPart, lastPart, type useWizardBalances } from './use-wizard-balances';

/**
 * The wizard's way through its steps: Back and Next (each step checks its own fields first; leaving
 * Assign loads the balance detail; step 10 has a sub-step for the people coming from another plan
 * and one for those without one), the Stepper's clicks back, and Submit, whose refused starting
 * balance or rule leads back to its field (a rule's messages in the open rule, until changed).
 */
export function usePlanWizardSteps(form: PlanWizardForm, balances: ReturnType<typeof useWizardBalances>, onClose: () => void) {
  const save = useSavePlan();
  const [step, setStep] = useState<number>(STEP.name);
  /** The type whose rule is open (steps 3–7). */
  const [editing, setEditing] = useState<number | null>(null);
  const [showRuleProblems, setShowRuleProblems] = useState(false);
  /** The server's messages about the rules of the last Submit, by type. */
  const [refusals, setRefusals] = useState<Record<number, RuleRefusal>>({});
  const [error, setError] = useState<string | null>(null);

  const { values } = form;
  const { groups } = balances;
  const allRulesDone = values.typeIds.every((id) => isRuleDone(values.rules, id));
  const partProblems = groups && step === STEP.balances ? invalidBalances(groups[balances.part], values.balanceEdits) : [];

  const back = () => {
    setError(null);
    if (step === STEP.recap && hasPeople(groups)) {
      balances.setPart(lastPart(groups));
      setStep(STEP.balances);
    } else if (step === STEP.recap) {
      setStep(STEP.assign);
    } else if (step === STEP.balances && balances.part === 'joining' && groups && groups.moving.length > 0) {
      balances.setPart('moving');
    } else if (step === STEP.balances) {
      setStep(STEP.assign);
    } else {
      setStep(step - 1);
    }
  };

  /**
   * Back from an open rule keeps what was typed in it: to the list of types, or to the year when
   * the rule opened by itself (a single type skips the list).
   */
  const backFromRule = () => {
    setError(null);
    setShowRuleProblems(false);
    setEditing(null);
    if (values.typeIds.length === 1) setStep(STEP.year);
  };

  const next = () => {
    setError(null);
    const found = stepProblems(step, values);
    if (found.rules) setShowRuleProblems(true);
    form.setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (step === STEP.assign) {
      if (isAssigned(values.assignType)) {
        // Leaving Assign: the balance detail of whom the plan names, then step 10, or the recap when nobody is in it.
        const type = values.assignType;
        balances.load(
          { assignType: type, assignIds: type === 'entireTeam' ? [] : values.assignIds.map(Number), year: Number(values.year), rules: chosenRules(values) },
          (found) => {
            if (hasPeople(found)) {
              balances.setPart(firstPart(found));
              setStep(STEP.balances);
            } else {
              setStep(STEP.recap);
            }
          },
          (err) => setError(sorry(err)),
        );
      } else {
        balances.clear();
        setStep(STEP.recap);
      }
      return;
    }
    if (step === STEP.balances) {
      if (partProblems.length > 0) return;
      if (balances.part === 'moving' && groups && groups.joining.length > 0) balances.setPart('joining');
      else setStep(STEP.recap);
      return;
    }
    // A single type goes straight to its rule (step 3 of the spec).
    if (step === STEP.year && values.typeIds.length === 1) setEditing(values.typeIds[0]!);
    setStep((current) => current + 1);
  };

  /** A click on an earlier step of the Stepper (step 10 only when it has people). */
  const goBackTo = (target: number) => {
    if (target >= step) return;
    if (target === STEP.balances) {
      if (!hasPeople(groups)) return;
      balances.setPart(firstPart(groups));
    }
    setError(null);
    setStep(target);
  };

  const submit = () => {
    setError(null);
    const sent = isAssigned(values.assignType) && groups ? balances.startingBalances : [];
    save.mutate(planBody(values, sent), {
      onSuccess: () => {
        notifications.show({ color: 'green', message: PLAN_SAVED });
        onClose();
      },
      onError: (err) => {
        const rules = chosenRules(values);
        const { refusals: refused, rest } = refusedRules(err, rules);
        setRefusals(refused);
        const { fields, general } = rest === null ? { fields: {}, general: null } : startingBalanceFailure(rest, sent);
        const keys = Object.keys(fields);
        if (keys.length > 0 && groups) {
          // Back to the sub-step of the first refused field, its message under it.
          balances.refuse(fields);
          const inMoving = groups.moving.some((person) => keys.some((key) => key.startsWith(`${person.employeeId}:`)));
          balances.setPart(inMoving ? 'moving' : 'joining');
          setStep(STEP.balances);
        }
        // A refused rule comes first: back to it, open, its messages under its fields.
        const firstRefused = rules.find((rule) => refused[rule.ptoTypeId])?.ptoTypeId;
        if (firstRefused !== undefined) {
          setShowRuleProblems(true);
          setEditing(firstRefused);
          setStep(STEP.rules);
        }
        if (general !== null) setError(sorry(general));
      },
    });
  };

  return {
    step,
    editing,
    setEditing,
    showRuleProblems,
    setShowRuleProblems,
    refusals,
    error,
    saving: save.isPending,
    /** Next is refused: a rule is not done (steps 3–7), or a typed balance is wrong (step 10). */
    nextDisabled: (step === STEP.rules && !allRulesDone) || partProblems.length > 0,
    back,
    backFromRule,
    next,
    goBackTo,
    submit,
  };
}
