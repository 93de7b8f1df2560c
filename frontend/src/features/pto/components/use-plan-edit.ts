import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useEmployees } from '@/lib/employees';
import { sorry } from '@/lib/form-errors';
import {
  PLAN_SAVED,
  ruleFromSaved,
  ruleProblems,
  usePlanEmployees,
  useUpdatePlan,
  type PlanForm,
  type PtoManageData,
  type PtoPlan,
  type RuleForm,
  type StartingBalance,
} from '../api/plans';
import { refusedRules, type RuleRefusal } from '../api/rules';

/**
 * The plan edit panel's state and save (002 §2, §4): the name, the rules by type, the year, the
 * people added and taken off for it. Save asks first when people are taken off, then opens
 * 'Adjust starting balances' when people are added for the current year or one before it, else
 * sends the panel. A rule the server refuses opens again with the messages under its fields.
 */
export function usePlanEdit(plan: PtoPlan, data: PtoManageData, onClose: () => void) {
  const update = useUpdatePlan();
  const [name, setName] = useState(plan.name);
  const [rules, setRules] = useState<Record<number, RuleForm>>(() => Object.fromEntries(plan.rules.map((rule) => [rule.ptoTypeId, ruleFromSaved(rule)])));
  const [editing, setEditing] = useState<number | null>(null);
  /** The server's messages about the rules of the last save, by type. */
  const [refusals, setRefusals] = useState<Record<number, RuleRefusal>>({});
  const [year, setYear] = useState(String(data.currentYear));
  const [adding, setAdding] = useState<string[]>([]);
  /** Enrolled people to take off the plan for the year. */
  const [removing, setRemoving] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const people = useEmployees({ q: '' });
  const enrolled = usePlanEmployees(plan.id, year);
  const enrolledIds = new Set((enrolled.data?.employees ?? []).map((person) => person.id));
  const candidates = (people.data?.employees ?? [])
    .filter((person) => !enrolledIds.has(person.id))
    .map((person) => ({ value: String(person.id), label: `${person.firstname} ${person.lastname}` }));
  const enrolledPeople = enrolled.data?.employees ?? [];
  const kept = enrolledPeople.filter((person) => !removing.includes(person.id));
  const removed = enrolledPeople.filter((person) => removing.includes(person.id));
  const included = Object.values(rules);
  const allDone = included.length > 0 && included.every((rule) => Object.keys(ruleProblems(rule)).length === 0);
  const addedIds = adding.map(Number);
  /** 002 §4: added people's balances are adjusted only for the current year or one before it. */
  const adjustsBalances = addedIds.length > 0 && Number(year) <= data.currentYear;

  /** Another year: its own people to add and take off. */
  const chooseYear = (value: string | null) => {
    setYear(value ?? year);
    setAdding([]);
    setRemoving([]);
  };

  /**
   * Sends the panel (with the adjusted starting balances, if any); rejects with the server's
   * failure, but for its messages about the rules: those open the first refused rule (closing the
   * balances), anything else beside them goes in the panel's alert.
   */
  const send = async (startingBalances?: StartingBalance[]) => {
    const form: PlanForm = {
      id: plan.id,
      name: name.trim(),
      year: Number(year),
      ...(addedIds.length > 0 ? { assignType: 'teamMembers' as const, assignIds: addedIds } : {}),
      rules: included,
      ...(removing.length > 0 ? { removeIds: removing } : {}),
      ...(startingBalances && startingBalances.length > 0 ? { startingBalances } : {}),
    };
    try {
      await update.mutateAsync(form);
    } catch (err) {
      const { refusals: refused, rest } = refusedRules(err, included);
      const firstRefused = included.find((rule) => refused[rule.ptoTypeId])?.ptoTypeId;
      if (firstRefused === undefined) throw err;
      setRefusals(refused);
      setAdjusting(false);
      setEditing(firstRefused);
      setError(rest === null ? null : sorry(rest));
      return;
    }
    notifications.show({ color: 'green', message: PLAN_SAVED });
    onClose();
  };

  /** After any confirmation: the balances modal for people added this year or before, else the save. */
  const proceed = () => {
    setConfirming(false);
    if (adjustsBalances) {
      setAdjusting(true);
      return;
    }
    send().catch((err: unknown) => setError(sorry(err)));
  };

  const save = () => {
    setError(null);
    if (!name.trim()) {
      setNameError('Please input the Name');
      return;
    }
    setNameError(null);
    if (removing.length > 0) setConfirming(true);
    else proceed();
  };

  return {
    name,
    setName,
    nameError,
    rules,
    setRules,
    editing,
    setEditing,
    refusals,
    year,
    chooseYear,
    candidates,
    adding,
    setAdding,
    kept,
    removed,
    removing,
    setRemoving,
    addedIds,
    allDone,
    error,
    saving: update.isPending,
    confirming,
    setConfirming,
    adjusting,
    setAdjusting,
    send,
    proceed,
    save,
  };
}
