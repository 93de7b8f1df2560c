import '@mantine/core/styles/Stepper.css';
import { Badge, Button, Checkbox, Group, Modal, MultiSelect, Radio, Stack, Stepper, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { useEmployees } from '@/features/manage/api/get-employees';
import { sorry } from '@/lib/form-errors';
import { useIsPhone } from '@/lib/media';
import {
  balanceDetailQueryOptions,
  PLAN_SAVED,
  ruleProblems,
  ruleSummary,
  useSavePlan,
  type AssignType,
  type BalanceDetailRequest,
  type PtoManageData,
  type RuleForm,
} from '../api/plans';
import { adjustedBalances, adjustedText, balanceGroups, hasPeople, invalidBalances, startingBalanceFailure, type BalanceGroups } from '../api/starting-balances';
import { RuleFields } from './rule-fields';
import { StartingBalanceGroup, type BalanceFields } from './starting-balance-table';

/** The wizard's steps (002 §2): 1 name and types, 2 year, 3–7 rules, 8–9 assign, 10 balances, 11 recap. */
const NAME = 0;
const RULES = 2;
const ASSIGN = 3;
const BALANCES = 4;
const RECAP = 5;
const LABELS = ['Name', 'Year', 'Rules', 'Assign', 'Balances', 'Recap'];

const ASSIGN_LABELS: Record<AssignType, string> = {
  jobRole: 'By job role',
  entireTeam: 'The entire team',
  teamMembers: 'Select team members',
  none: "Don't assign yet",
};

/**
 * The plan wizard (002 §2): name and types, the year (current or next), each type's rule (Done /
 * Not Done), who gets it, the starting balances of the people it names (those coming from another
 * plan, then those without one), and a recap before 'PTO plan has been saved.'. The server checks
 * it all again; a starting balance it refuses comes back to its field.
 */
export function PlanWizard({ data, opened, onClose }: { data: PtoManageData; opened: boolean; onClose: () => void }) {
  const isPhone = useIsPhone();
  const save = useSavePlan();
  const queryClient = useQueryClient();
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
  /** Step 10: the people of the loaded balance detail (null: not loaded, or nobody is assigned). */
  const [groups, setGroups] = useState<BalanceGroups | null>(null);
  /** The request the detail was loaded for: another one lets go of the edits. */
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const [balancePart, setBalancePart] = useState<keyof BalanceGroups>('moving');
  const [balanceEdits, setBalanceEdits] = useState<Record<string, string>>({});
  const [balanceErrors, setBalanceErrors] = useState<Record<string, string>>({});
  const [loadingDetail, setLoadingDetail] = useState(false);

  const payable = data.ptoTypes.filter((type) => type.payable === 1);
  const typeName = (id: number) => payable.find((type) => type.id === id)?.name ?? '';
  const chosenRules = typeIds.map((id) => rules[id] ?? { ...emptyRule(id) });
  const done = (id: number) => Boolean(rules[id]) && Object.keys(ruleProblems(rules[id]!)).length === 0;
  const balancePeople = groups ? [...groups.moving, ...groups.joining] : [];
  const startingBalances = adjustedBalances(balancePeople, balanceEdits);
  const partProblems = groups && step === BALANCES ? invalidBalances(groups[balancePart], balanceEdits) : [];
  const balanceFields: BalanceFields = {
    edits: balanceEdits,
    serverErrors: balanceErrors,
    onChange: (key, text) => {
      setBalanceEdits((current) => ({ ...current, [key]: text }));
      setBalanceErrors((current) => (key in current ? Object.fromEntries(Object.entries(current).filter(([other]) => other !== key)) : current));
    },
  };

  /** Step 10's first sub-step: people coming from another plan, else those without one. */
  const firstPart = (found: BalanceGroups): keyof BalanceGroups => (found.moving.length > 0 ? 'moving' : 'joining');
  const lastPart = (found: BalanceGroups): keyof BalanceGroups => (found.joining.length > 0 ? 'joining' : 'moving');

  /** Leaving Assign: the balance detail of whom the plan names, then step 10, or the recap when nobody is in it. */
  const loadBalances = (type: Exclude<AssignType, 'none'>) => {
    const request: BalanceDetailRequest = {
      assignType: type,
      assignIds: type === 'entireTeam' ? [] : assignIds.map(Number),
      year: Number(year),
      rules: chosenRules,
    };
    const requestKey = JSON.stringify(request);
    setLoadingDetail(true);
    queryClient
      .fetchQuery(balanceDetailQueryOptions(request))
      .then(
        (detail) => {
          const found = balanceGroups(detail);
          if (requestKey !== loadedFor) {
            setBalanceEdits({});
            setBalanceErrors({});
            setLoadedFor(requestKey);
          }
          setGroups(found);
          if (hasPeople(found)) {
            setBalancePart(firstPart(found));
            setStep(BALANCES);
          } else {
            setStep(RECAP);
          }
        },
        (err: unknown) => setError(sorry(err)),
      )
      .finally(() => setLoadingDetail(false));
  };

  const back = () => {
    setError(null);
    if (step === RECAP && hasPeople(groups)) {
      setBalancePart(lastPart(groups));
      setStep(BALANCES);
    } else if (step === RECAP) {
      setStep(ASSIGN);
    } else if (step === BALANCES && balancePart === 'joining' && groups && groups.moving.length > 0) {
      setBalancePart('moving');
    } else if (step === BALANCES) {
      setStep(ASSIGN);
    } else {
      setStep(step - 1);
    }
  };

  const next = () => {
    setError(null);
    const found: Record<string, string> = {};
    if (step === NAME) {
      if (!name.trim()) found.name = 'Please input the Name';
      if (typeIds.length === 0) found.types = 'Please choose at least one PTO type';
    }
    if (step === RULES && !typeIds.every(done)) {
      setShowRuleProblems(true);
      found.rules = 'Please finish the rule of every type';
    }
    if (step === ASSIGN) {
      if (!assignType) found.assignType = 'Please choose who this plan is for';
      else if (assignType === 'jobRole' && assignIds.length === 0) found.assignIds = 'Please choose at least one job role';
      else if (assignType === 'teamMembers' && assignIds.length === 0) found.assignIds = 'Please choose at least one team member';
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    if (step === ASSIGN) {
      if (assignType === 'none' || assignType === '') {
        setGroups(null);
        setStep(RECAP);
      } else {
        loadBalances(assignType);
      }
      return;
    }
    if (step === BALANCES) {
      if (partProblems.length > 0) return;
      if (balancePart === 'moving' && groups && groups.joining.length > 0) setBalancePart('joining');
      else setStep(RECAP);
      return;
    }
    // A single type goes straight to its rule (step 3 of the spec).
    if (step === 1 && typeIds.length === 1) setEditing(typeIds[0]!);
    setStep((current) => current + 1);
  };

  const submit = () => {
    setError(null);
    const assigned = assignType !== '' && assignType !== 'none';
    const sent = assigned && groups ? startingBalances : [];
    save.mutate(
      {
        name: name.trim(),
        year: Number(year),
        assignType: assignType || 'none',
        assignIds: assignType === 'jobRole' || assignType === 'teamMembers' ? assignIds.map(Number) : [],
        rules: chosenRules,
        ...(sent.length > 0 ? { startingBalances: sent } : {}),
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: PLAN_SAVED });
          onClose();
        },
        onError: (err) => {
          const { fields, general } = startingBalanceFailure(err, sent);
          const keys = Object.keys(fields);
          if (keys.length > 0 && groups) {
            // Back to the sub-step of the first refused field, its message under it.
            setBalanceErrors(fields);
            const inMoving = groups.moving.some((person) => keys.some((key) => key.startsWith(`${person.employeeId}:`)));
            setBalancePart(inMoving ? 'moving' : 'joining');
            setStep(BALANCES);
          }
          if (general !== null) setError(sorry(general));
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
    groups ? (
      <StartingBalanceGroup key={`balances-${balancePart}`} group={balancePart} people={groups[balancePart]} fields={balanceFields} />
    ) : (
      <span key="balances" />
    ),
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
      {assignType !== 'none' && hasPeople(groups) ? <Text data-testid="wizard-recap-balances">{adjustedText(startingBalances)}</Text> : null}
    </Stack>,
  ];
  const last = step === RECAP;

  return (
    <Modal opened={opened} onClose={onClose} title="Create New PTO Plan" size="xl" fullScreen={isPhone} data-testid="plan-wizard">
      <Stack gap="lg">
        <Stepper
          active={step}
          size="sm"
          allowNextStepsSelect={false}
          onStepClick={(target) => {
            if (target >= step) return;
            if (target === BALANCES) {
              if (!hasPeople(groups)) return;
              setBalancePart(firstPart(groups));
            }
            setError(null);
            setStep(target);
          }}
        >
          {LABELS.map((label) => (
            <Stepper.Step key={label} label={isPhone ? undefined : label} />
          ))}
        </Stepper>
        {steps[step]}
        {error ? <FormAlert>{error}</FormAlert> : null}
        {editing === null || step !== RULES ? (
          <Group justify="space-between">
            <Button variant="default" onClick={() => (step === NAME ? onClose() : back())}>
              {step === NAME ? 'Cancel' : 'Back'}
            </Button>
            {last ? (
              <Button onClick={submit} loading={save.isPending}>
                Submit
              </Button>
            ) : (
              <Button onClick={next} loading={loadingDetail} disabled={(step === RULES && !typeIds.every(done)) || partProblems.length > 0}>
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
