import '@mantine/core/styles/Stepper.css';
import { Badge, Button, Checkbox, Group, Modal, MultiSelect, Radio, Stack, Stepper, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { useEmployees } from '@/features/manage/api/get-employees';
import { ApiError } from '@/lib/api-client';
import { GENERIC_FORM_ERROR } from '@/lib/form-errors';
import { useIsPhone } from '@/lib/media';
import { PLAN_SAVED, ruleProblems, ruleSummary, useSavePlan, type PtoManageData, type RuleForm } from '../api/plans';
import { RuleFields } from './rule-fields';

type AssignType = 'jobRole' | 'entireTeam' | 'teamMembers' | 'none';

const ASSIGN_LABELS: Record<AssignType, string> = {
  jobRole: 'By job role',
  entireTeam: 'The entire team',
  teamMembers: 'Select team members',
  none: "Don't assign yet",
};

/**
 * The plan wizard (002 §2): name and types, the year (current or next), each type's rule (Done /
 * Not Done), who gets it, and a recap before 'PTO plan has been saved.'. The server checks it all
 * again; its field errors come back to the step they belong to.
 */
export function PlanWizard({ data, opened, onClose }: { data: PtoManageData; opened: boolean; onClose: () => void }) {
  const isPhone = useIsPhone();
  const save = useSavePlan();
  const people = useEmployees({ q: '' }, { enabled: opened });
  const [step, setStep] = useState(0);
  const [name, setName] = useState('');
  const [typeIds, setTypeIds] = useState<number[]>([]);
  const [year, setYear] = useState(String(data.currentYear));
  const [rules, setRules] = useState<Record<number, RuleForm>>({});
  const [editing, setEditing] = useState<number | null>(null);
  const [assignType, setAssignType] = useState<AssignType | ''>('');
  const [assignIds, setAssignIds] = useState<string[]>([]);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [showRuleProblems, setShowRuleProblems] = useState(false);

  const payable = data.ptoTypes.filter((type) => type.payable === 1);
  const typeName = (id: number) => payable.find((type) => type.id === id)?.name ?? '';
  const chosenRules = typeIds.map((id) => rules[id] ?? { ...emptyRule(id) });
  const done = (id: number) => Boolean(rules[id]) && Object.keys(ruleProblems(rules[id]!)).length === 0;

  const next = () => {
    const found: Record<string, string> = {};
    if (step === 0) {
      if (!name.trim()) found.name = 'Please input the Name';
      if (typeIds.length === 0) found.types = 'Please choose at least one PTO type';
    }
    if (step === 2 && !typeIds.every(done)) {
      setShowRuleProblems(true);
      found.rules = 'Please finish the rule of every type';
    }
    if (step === 3) {
      if (!assignType) found.assignType = 'Please choose who this plan is for';
      else if (assignType === 'jobRole' && assignIds.length === 0) found.assignIds = 'Please choose at least one job role';
      else if (assignType === 'teamMembers' && assignIds.length === 0) found.assignIds = 'Please choose at least one team member';
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    // A single type goes straight to its rule (step 3 of the spec).
    if (step === 1 && typeIds.length === 1) setEditing(typeIds[0]!);
    setStep((current) => current + 1);
  };

  const submit = () => {
    setError(null);
    save.mutate(
      {
        name: name.trim(),
        year: Number(year),
        assignType: assignType || 'none',
        assignIds: assignType === 'jobRole' || assignType === 'teamMembers' ? assignIds.map(Number) : [],
        rules: chosenRules,
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: PLAN_SAVED });
          onClose();
        },
        onError: (err) => {
          const message = err instanceof ApiError && err.status < 500 ? err.firstMessage : GENERIC_FORM_ERROR;
          setError(`Sorry ${message}`);
        },
      },
    );
  };

  const steps = [
    <Stack gap="md" key="name">
      <TextInput label="Plan name" withAsterisk value={name} error={problems.name} onChange={(event) => setName(event.currentTarget.value)} maxLength={100} data-autofocus />
      <Checkbox.Group label="PTO types in this plan" withAsterisk value={typeIds.map(String)} onChange={(values) => setTypeIds(values.map(Number))} error={problems.types}>
        <Stack gap={6} mt={4}>
          {payable.map((type) => (
            <Checkbox key={type.id} value={String(type.id)} label={type.name} />
          ))}
          {payable.length === 0 ? <Text size="sm">There is no PTO type yet: create one in PTO Types first.</Text> : null}
        </Stack>
      </Checkbox.Group>
    </Stack>,
    <Radio.Group key="year" label="Which year is this plan for?" withAsterisk value={year} onChange={setYear}>
      <Group mt={4}>
        {[data.currentYear, data.currentYear + 1].map((candidate) => (
          <Radio key={candidate} value={String(candidate)} label={String(candidate)} />
        ))}
      </Group>
    </Radio.Group>,
    editing !== null ? (
      <Stack gap="md" key="rule">
        <RuleFields
          typeName={typeName(editing)}
          rule={rules[editing] ?? emptyRule(editing)}
          problems={showRuleProblems && rules[editing] ? ruleProblems(rules[editing]!) : {}}
          onChange={(rule) => setRules((current) => ({ ...current, [editing]: rule }))}
        />
        <Group justify="flex-end">
          <Button
            variant="light"
            onClick={() => {
              const rule = rules[editing];
              if (!rule || Object.keys(ruleProblems(rule)).length > 0) {
                setShowRuleProblems(true);
                if (!rule) setRules((current) => ({ ...current, [editing]: emptyRule(editing) }));
                return;
              }
              setShowRuleProblems(false);
              setEditing(null);
            }}
          >
            Done with {typeName(editing)}
          </Button>
        </Group>
      </Stack>
    ) : (
      <Stack gap="sm" key="rules">
        {typeIds.map((id) => (
          <Group key={id} justify="space-between" data-testid="wizard-rule">
            <Text fw={600}>{typeName(id)}</Text>
            <Group gap="xs">
              <Badge color={done(id) ? 'green.9' : 'gray.7'} variant="filled">
                {done(id) ? 'Done' : 'Not Done'}
              </Badge>
              <Button size="xs" variant="light" aria-label={`Set the rule of ${typeName(id)}`} onClick={() => setEditing(id)}>
                {done(id) ? 'Edit' : 'Set up'}
              </Button>
            </Group>
          </Group>
        ))}
        {problems.rules ? <FormAlert>{problems.rules}</FormAlert> : null}
      </Stack>
    ),
    <Stack gap="md" key="assign">
      <Radio.Group label="Who gets this plan?" withAsterisk value={assignType} onChange={(value) => { setAssignType(value as AssignType); setAssignIds([]); }} error={problems.assignType}>
        <Stack gap={6} mt={4}>
          {(Object.keys(ASSIGN_LABELS) as AssignType[]).map((value) => (
            <Radio key={value} value={value} label={ASSIGN_LABELS[value]} />
          ))}
        </Stack>
      </Radio.Group>
      {assignType === 'jobRole' ? (
        <MultiSelect label="Job roles" data={data.jobRoles.map((role) => ({ value: String(role.id), label: role.name }))} value={assignIds} onChange={setAssignIds} error={problems.assignIds} />
      ) : null}
      {assignType === 'teamMembers' ? (
        <MultiSelect
          label="Team members"
          searchable
          data={(people.data?.employees ?? []).map((person) => ({ value: String(person.id), label: `${person.firstname} ${person.lastname}` }))}
          value={assignIds}
          onChange={setAssignIds}
          error={problems.assignIds}
        />
      ) : null}
    </Stack>,
    <Stack gap="sm" key="recap">
      <Text>
        <b>{name.trim()}</b> for {year}, {assignType ? ASSIGN_LABELS[assignType].toLowerCase() : ''}
      </Text>
      <Table data-testid="wizard-recap">
        <Table.Tbody>
          {chosenRules.map((rule) => (
            <Table.Tr key={rule.ptoTypeId}>
              <Table.Td>{typeName(rule.ptoTypeId)}</Table.Td>
              <Table.Td>{ruleSummary(rule)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </Stack>,
  ];
  const labels = ['Name', 'Year', 'Rules', 'Assign', 'Recap'];
  const last = step === steps.length - 1;

  return (
    <Modal opened={opened} onClose={onClose} title="Create New PTO Plan" size="xl" fullScreen={isPhone} data-testid="plan-wizard">
      <Stack gap="lg">
        <Stepper active={step} size="sm" allowNextStepsSelect={false} onStepClick={(target) => target < step && setStep(target)}>
          {labels.map((label) => (
            <Stepper.Step key={label} label={isPhone ? undefined : label} />
          ))}
        </Stepper>
        {steps[step]}
        {editing === null || step !== 2 ? (
          <Group justify="space-between">
            <Button variant="default" onClick={() => (step === 0 ? onClose() : setStep(step - 1))}>
              {step === 0 ? 'Cancel' : 'Back'}
            </Button>
            {last ? (
              <Button onClick={submit} loading={save.isPending}>
                Submit
              </Button>
            ) : (
              <Button onClick={next} disabled={step === 2 && !typeIds.every(done)}>
                Next
              </Button>
            )}
          </Group>
        ) : null}
      </Stack>
    </Modal>
  );
}

function emptyRule(ptoTypeId: number): RuleForm {
  return {
    ptoTypeId,
    method: '',
    rate: '',
    rateUnit: '',
    prorated: true,
    waitingPeriodEnabled: false,
    waitingPeriod: '',
    startAfterWaitingPeriod: false,
    carryoverPolicy: 'allowCarryover',
    maxCarryoverEnabled: false,
    maxCarryover: '',
    maxBalanceEnabled: false,
    maxBalance: '',
  };
}
