import '@mantine/core/styles/Stepper.css';
import { Button, Group, Modal, Stack, Stepper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { FormAlert } from '@/components/form-alert';
import { useEmployees } from '@/lib/employees';
import { sorry } from '@/lib/form-errors';
import { useIsPhone } from '@/lib/media';
import { PLAN_SAVED, useSavePlan, type PtoManageData } from '../api/plans';
import { hasPeople, invalidBalances, startingBalanceFailure } from '../api/starting-balances';
import { chosenRules, isAssigned, isRuleDone, planBody, STEP, STEP_LABELS, stepProblems, usePlanWizardForm } from './plan-wizard-form';
import { RulesStep } from './plan-wizard-rules-step';
import { AssignStep, NameStep, RecapStep, YearStep } from './plan-wizard-steps';
import { StartingBalanceGroup } from './starting-balance-table';
import { firstPart, lastPart, useWizardBalances } from './use-wizard-balances';

/**
 * The plan wizard (002 §2): name and types, the year (current or next), each type's rule (Done /
 * Not Done), who gets it, the starting balances of the people it names (those coming from another
 * plan, then those without one), and a recap before 'PTO plan has been saved.'. The server checks
 * it all again; a starting balance it refuses comes back to its field.
 */
export function PlanWizard({ data, opened, onClose }: { data: PtoManageData; opened: boolean; onClose: () => void }) {
  const isPhone = useIsPhone();
  const save = useSavePlan();
  const people = useEmployees({ q: '' }, { enabled: opened });
  const form = usePlanWizardForm(data.currentYear);
  const balances = useWizardBalances(form);
  const [step, setStep] = useState<number>(STEP.name);
  /** The type whose rule is open (steps 3–7). */
  const [editing, setEditing] = useState<number | null>(null);
  const [showRuleProblems, setShowRuleProblems] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const { values } = form;
  const { groups } = balances;
  const payable = data.ptoTypes.filter((type) => type.payable === 1);
  const typeName = (id: number) => payable.find((type) => type.id === id)?.name ?? '';
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

  const submit = () => {
    setError(null);
    const sent = isAssigned(values.assignType) && groups ? balances.startingBalances : [];
    save.mutate(planBody(values, sent), {
      onSuccess: () => {
        notifications.show({ color: 'green', message: PLAN_SAVED });
        onClose();
      },
      onError: (err) => {
        const { fields, general } = startingBalanceFailure(err, sent);
        const keys = Object.keys(fields);
        if (keys.length > 0 && groups) {
          // Back to the sub-step of the first refused field, its message under it.
          balances.refuse(fields);
          const inMoving = groups.moving.some((person) => keys.some((key) => key.startsWith(`${person.employeeId}:`)));
          balances.setPart(inMoving ? 'moving' : 'joining');
          setStep(STEP.balances);
        }
        if (general !== null) setError(sorry(general));
      },
    });
  };

  const steps: Record<number, ReactNode> = {
    [STEP.name]: <NameStep key="name" form={form} payable={payable} />,
    [STEP.year]: <YearStep key="year" form={form} currentYear={data.currentYear} />,
    [STEP.rules]: (
      <RulesStep
        key={editing !== null ? 'rule' : 'rules'}
        form={form}
        typeName={typeName}
        editing={editing}
        onEdit={setEditing}
        showProblems={showRuleProblems}
        onShowProblems={setShowRuleProblems}
      />
    ),
    [STEP.assign]: <AssignStep key="assign" form={form} jobRoles={data.jobRoles} people={people.data?.employees ?? []} />,
    [STEP.balances]: groups ? (
      <StartingBalanceGroup key={`balances-${balances.part}`} group={balances.part} people={groups[balances.part]} fields={balances.fields} />
    ) : (
      <span key="balances" />
    ),
    [STEP.recap]: <RecapStep key="recap" form={form} typeName={typeName} groups={groups} startingBalances={balances.startingBalances} />,
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Create New PTO Plan" size="xl" fullScreen={isPhone} data-testid="plan-wizard">
      <Stack gap="lg">
        <Stepper
          active={step}
          size="sm"
          allowNextStepsSelect={false}
          onStepClick={(target) => {
            if (target >= step) return;
            if (target === STEP.balances) {
              if (!hasPeople(groups)) return;
              balances.setPart(firstPart(groups));
            }
            setError(null);
            setStep(target);
          }}
        >
          {STEP_LABELS.map((label) => (
            <Stepper.Step key={label} label={isPhone ? undefined : label} />
          ))}
        </Stepper>
        {steps[step]}
        {error ? <FormAlert>{error}</FormAlert> : null}
        {editing === null || step !== STEP.rules ? (
          <Group justify="space-between">
            <Button variant="default" onClick={() => (step === STEP.name ? onClose() : back())}>
              {step === STEP.name ? 'Cancel' : 'Back'}
            </Button>
            {step === STEP.recap ? (
              <Button onClick={submit} loading={save.isPending}>
                Submit
              </Button>
            ) : (
              <Button onClick={next} loading={balances.loading} disabled={(step === STEP.rules && !allRulesDone) || partProblems.length > 0}>
                Next
              </Button>
            )}
          </Group>
        ) : null}
      </Stack>
    </Modal>
  );
}
