import { Button, Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import type { PtoManageData, PtoPlan } from '../api/plans';
import { AdjustBalancesModal } from './adjust-balances-modal';
import { EnrolledPeople } from './enrolled-people';
import { PlanTypeRules } from './plan-type-rules';
import { usePlanEdit } from './use-plan-edit';

/** The question before people are taken off a plan for a year. */
export const removalQuestion = (count: number, year: string) =>
  `Take ${count} ${count === 1 ? 'person' : 'people'} off this plan for ${year}? Their balances for ${year} will be recalculated without it.`;

/**
 * The plan's edit panel (650 wide, 002 §2): its name, one entry per paid PTO type (its rule, or
 * 'Not Included'), a year, the people enrolled that year (each can be taken off, after a
 * confirmation) and the people to add for it. Adding people for the current or a past year opens
 * 'Adjust starting balances' on Save (002 §4); for next year the plan is saved straight away.
 */
/** Registers the panel's unsaved-changes check with the dock it is rendered in. */
function DiscardGuard({ isDirty }: { isDirty: () => boolean }) {
  useDiscardGuard(isDirty);
  return null;
}

export function PlanEditDock({ plan, data, onClose }: { plan: PtoPlan; data: PtoManageData; onClose: () => void }) {
  const edit = usePlanEdit(plan, data, onClose);
  // What the panel opened with: a change to the name or the rules, or people to add or take
  // off, is asked about before the panel closes.
  const [opened] = useState(() => JSON.stringify({ name: edit.name, rules: edit.rules }));
  const isDirty = () =>
    edit.adding.length > 0 || edit.removing.length > 0 || JSON.stringify({ name: edit.name, rules: edit.rules }) !== opened;
  const years = [...new Set([data.currentYear - 1, data.currentYear, data.currentYear + 1, ...plan.associatedYears])].sort();
  const payable = data.ptoTypes.filter((type) => type.payable === 1);

  return (
    <Dock opened onClose={onClose} title="Edit PTO Plan" width={650} testId="plan-edit-dock">
      <DiscardGuard isDirty={isDirty} />
      <Stack gap="md">
        <TextInput label="Plan name" withAsterisk value={edit.name} error={edit.nameError} onChange={(event) => edit.setName(event.currentTarget.value)} maxLength={100} />
        <PlanTypeRules
          payable={payable}
          rules={edit.rules}
          setRules={edit.setRules}
          editing={edit.editing}
          setEditing={edit.setEditing}
          planId={plan.id}
          refusals={edit.refusals}
        />
        <Group grow align="flex-start">
          <Select label="Year" allowDeselect={false} data={years.map(String)} value={edit.year} onChange={edit.chooseYear} />
          <MultiSelect label="Add people for this year" searchable data={edit.candidates} value={edit.adding} onChange={edit.setAdding} />
        </Group>
        <EnrolledPeople
          year={edit.year}
          kept={edit.kept}
          removed={edit.removed}
          onRemove={(id) => edit.setRemoving((current) => [...current, id])}
          onKeep={(id) => edit.setRemoving((current) => current.filter((other) => other !== id))}
        />
        {edit.error ? <FormAlert>{edit.error}</FormAlert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={edit.save} loading={edit.saving} disabled={!edit.allDone || edit.editing !== null}>
            Save
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={edit.confirming}
        title="Take people off this plan"
        message={removalQuestion(edit.removing.length, edit.year)}
        confirmLabel="Take off"
        danger
        onConfirm={edit.proceed}
        onCancel={() => edit.setConfirming(false)}
      />
      {edit.adjusting ? (
        <AdjustBalancesModal
          planId={plan.id}
          request={{ ptoPolicyId: plan.id, assignType: 'teamMembers', assignIds: edit.addedIds, year: Number(edit.year), rules: [] }}
          saving={edit.saving}
          onSave={edit.send}
          onClose={() => edit.setAdjusting(false)}
        />
      ) : null}
    </Dock>
  );
}
