import '@mantine/core/styles/Stepper.css';
import { Button, Group, Modal, Stack, Stepper } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormAlert } from '@/components/form-alert';
import { useEmployees } from '@/lib/employees';
import { useIsPhone } from '@/lib/media';
import type { PtoManageData } from '../api/plans';
import { STEP, STEP_LABELS, usePlanWizardForm } from './plan-wizard-form';
import { RulesStep } from './plan-wizard-rules-step';
import { AssignStep, NameStep, RecapStep, YearStep } from './plan-wizard-steps';
import { StartingBalanceGroup } from './starting-balance-table';
import { usePlanWizardSteps } from './use-plan-wizard-steps';
import { useWizardBalances } from './use-wizard-balances';

/**
 * The plan wizard (002 §2): name and types, the year (current or next), each type's rule (Done /
 * Not Done), who gets it, the starting balances of the people it names (those coming from another
 * plan, then those without one), and a recap before 'PTO plan has been saved.'. The server checks
 * it all again; a starting balance it refuses comes back to its field.
 */
export function PlanWizard({ data, opened, onClose }: { data: PtoManageData; opened: boolean; onClose: () => void }) {
  const isPhone = useIsPhone();
  const people = useEmployees({ q: '' }, { enabled: opened });
  const form = usePlanWizardForm(data.currentYear);
  const balances = useWizardBalances(form);
  const wizard = usePlanWizardSteps(form, balances, onClose);
  const { step, editing } = wizard;
  const { groups } = balances;
  const payable = data.ptoTypes.filter((type) => type.payable === 1);
  const typeName = (id: number) => payable.find((type) => type.id === id)?.name ?? '';

  const steps: Record<number, ReactNode> = {
    [STEP.name]: <NameStep key="name" form={form} payable={payable} />,
    [STEP.year]: <YearStep key="year" form={form} currentYear={data.currentYear} />,
    [STEP.rules]: (
      <RulesStep
        key={editing !== null ? 'rule' : 'rules'}
        form={form}
        typeName={typeName}
        editing={editing}
        onEdit={wizard.setEditing}
        showProblems={wizard.showRuleProblems}
        onShowProblems={wizard.setShowRuleProblems}
        onBack={wizard.backFromRule}
        refusals={wizard.refusals}
      />
    ),
    [STEP.assign]: <AssignStep key="assign" form={form} jobRoles={data.jobRoles} people={people.data?.employees ?? []} onLeave={onClose} />,
    [STEP.balances]: groups ? (
      <StartingBalanceGroup key={`balances-${balances.part}`} group={balances.part} people={groups[balances.part]} fields={balances.fields} />
    ) : (
      <span key="balances" />
    ),
    [STEP.recap]: (
      <RecapStep
        key="recap"
        form={form}
        typeName={typeName}
        jobRoles={data.jobRoles}
        people={people.data?.employees ?? []}
        groups={groups}
        startingBalances={balances.startingBalances}
      />
    ),
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Create New PTO Plan" size="xl" fullScreen={isPhone} data-testid="plan-wizard">
      <Stack gap="lg">
        <Stepper active={step} size="sm" allowNextStepsSelect={false} onStepClick={wizard.goBackTo}>
          {STEP_LABELS.map((label) => (
            <Stepper.Step key={label} label={isPhone ? undefined : label} />
          ))}
        </Stepper>
        {steps[step]}
        {wizard.error ? <FormAlert>{wizard.error}</FormAlert> : null}
        {editing === null || step !== STEP.rules ? (
          <Group justify="space-between">
            <Button variant="default" onClick={() => (step === STEP.name ? onClose() : wizard.back())}>
              {step === STEP.name ? 'Cancel' : 'Back'}
            </Button>
            {step === STEP.recap ? (
              <Button onClick={wizard.submit} loading={wizard.saving}>
                Submit
              </Button>
            ) : (
              <Button onClick={wizard.next} loading={balances.loading} disabled={wizard.nextDisabled}>
                Next
              </Button>
            )}
          </Group>
        ) : null}
      </Stack>
    </Modal>
  );
}
