import { Button, Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { z } from '@/lib/zod';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { useEmployees } from '@/lib/employees';
import { api } from '@/lib/api-client';
import { sorry } from '@/lib/form-errors';
import {
  PLAN_SAVED,
  ruleFromSaved,
  ruleProblems,
  useUpdatePlan,
  type PlanForm,
  type PtoManageData,
  type PtoPlan,
  type RuleForm,
  type StartingBalance,
} from '../api/plans';
import { AdjustBalancesModal } from './adjust-balances-modal';
import { EnrolledPeople } from './enrolled-people';
import { PlanTypeRules } from './plan-type-rules';
import { ptoKeys } from '../api/keys';

const planEmployeesSchema = z.object({ employees: z.array(z.object({ id: z.number().int(), name: z.string() })) });

/** The question before people are taken off a plan for a year. */
export const removalQuestion = (count: number, year: string) =>
  `Take ${count} ${count === 1 ? 'person' : 'people'} off this plan for ${year}? Their balances for ${year} will be recalculated without it.`;

/**
 * The plan's edit panel (650 wide, 002 §2): its name, one entry per paid PTO type (its rule, or
 * 'Not Included'), a year, the people enrolled that year (each can be taken off, after a
 * confirmation) and the people to add for it. Adding people for the current or a past year opens
 * 'Adjust starting balances' on Save (002 §4); for next year the plan is saved straight away.
 */
export function PlanEditDock({ plan, data, onClose }: { plan: PtoPlan; data: PtoManageData; onClose: () => void }) {
  const update = useUpdatePlan();
  const [name, setName] = useState(plan.name);
  const [rules, setRules] = useState<Record<number, RuleForm>>(() => Object.fromEntries(plan.rules.map((rule) => [rule.ptoTypeId, ruleFromSaved(rule)])));
  const [editing, setEditing] = useState<number | null>(null);
  const [year, setYear] = useState(String(data.currentYear));
  const [adding, setAdding] = useState<string[]>([]);
  /** Enrolled people to take off the plan for the year. */
  const [removing, setRemoving] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const people = useEmployees({ q: '' });
  const enrolled = useQuery({
    queryKey: ptoKeys.planEmployees(plan.id, year),
    queryFn: () => api.get('/pto-manage/plan-employees', { query: { ptoPolicyId: plan.id, year }, schema: planEmployeesSchema }),
  });
  const years = [...new Set([data.currentYear - 1, data.currentYear, data.currentYear + 1, ...plan.associatedYears])].sort();
  const payable = data.ptoTypes.filter((type) => type.payable === 1);
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

  /** Sends the panel (with the adjusted starting balances, if any); rejects with the server's failure. */
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
    await update.mutateAsync(form);
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

  return (
    <Dock opened onClose={onClose} title="Edit PTO Plan" width={650} testId="plan-edit-dock">
      <Stack gap="md">
        <TextInput label="Plan name" withAsterisk value={name} error={nameError} onChange={(event) => setName(event.currentTarget.value)} maxLength={100} />
        <PlanTypeRules payable={payable} rules={rules} setRules={setRules} editing={editing} setEditing={setEditing} />
        <Group grow align="flex-start">
          <Select
            label="Year"
            allowDeselect={false}
            data={years.map(String)}
            value={year}
            onChange={(value) => {
              setYear(value ?? year);
              setAdding([]);
              setRemoving([]);
            }}
          />
          <MultiSelect label="Add people for this year" searchable data={candidates} value={adding} onChange={setAdding} />
        </Group>
        <EnrolledPeople
          year={year}
          kept={kept}
          removed={removed}
          onRemove={(id) => setRemoving((current) => [...current, id])}
          onKeep={(id) => setRemoving((current) => current.filter((other) => other !== id))}
        />
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={update.isPending} disabled={!allDone || editing !== null}>
            Save
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Take people off this plan"
        message={removalQuestion(removing.length, year)}
        confirmLabel="Take off"
        danger
        onConfirm={proceed}
        onCancel={() => setConfirming(false)}
      />
      {adjusting ? (
        <AdjustBalancesModal
          planId={plan.id}
          request={{ ptoPolicyId: plan.id, assignType: 'teamMembers', assignIds: addedIds, year: Number(year), rules: [] }}
          saving={update.isPending}
          onSave={send}
          onClose={() => setAdjusting(false)}
        />
      ) : null}
    </Dock>
  );
}
