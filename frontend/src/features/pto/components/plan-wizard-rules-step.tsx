import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { FormAlert } from '@/components/form-alert';
import { ruleProblems, type RuleForm } from '../api/plans';
import { standingErrors, type RuleRefusal } from '../api/rules';
import { emptyRule, isRuleDone, type PlanWizardForm } from './plan-wizard-form';
import { RuleWithLaw } from './rule-law';

interface RulesStepProps {
  form: PlanWizardForm;
  typeName: (id: number) => string;
  /** The type whose rule is open, or null for the list of types. */
  editing: number | null;
  onEdit: (id: number | null) => void;
  /** The open rule shows its problems once 'Done with' found some. */
  showProblems: boolean;
  onShowProblems: (show: boolean) => void;
  /** Back from the open rule, keeping what was typed in it. */
  onBack: () => void;
  /** The server's messages about the rules Submit sent, by type: each shows until its field changes. */
  refusals?: Record<number, RuleRefusal>;
}

/**
 * Steps 3–7 (002 §2): each chosen type with its rule's state (Done / Not Done) and 'Set up' or
 * 'Edit', or the open rule (which may start from a sick-leave law, issue 38) with Back and
 * 'Done with <type>', which checks it first.
 */
export function RulesStep({ form, typeName, editing, onEdit, showProblems, onShowProblems, onBack, refusals = {} }: RulesStepProps) {
  const { rules, typeIds } = form.values;
  const setRule = (id: number, rule: RuleForm) => form.setFieldValue('rules', (current) => ({ ...current, [id]: rule }));

  if (editing !== null) {
    const rule = rules[editing];
    const refusal = refusals[editing];
    const refused = rule && refusal ? standingErrors(refusal.errors, refusal.rule, rule) : {};
    return (
      <Stack gap="md">
        <RuleWithLaw
          typeName={typeName(editing)}
          rule={rule ?? emptyRule(editing)}
          problems={{ ...(showProblems && rule ? ruleProblems(rule) : {}), ...refused }}
          onChange={(next) => setRule(editing, next)}
          choice={form.values.lawChoices?.[editing] ?? null}
          onChoice={(choice) => form.setFieldValue('lawChoices', (current) => ({ ...current, [editing]: choice }))}
        />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
          <Button
            variant="light"
            onClick={() => {
              if (!rule || Object.keys(ruleProblems(rule)).length > 0) {
                onShowProblems(true);
                if (!rule) setRule(editing, emptyRule(editing));
                return;
              }
              onShowProblems(false);
              onEdit(null);
            }}
          >
            Done with {typeName(editing)}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      {typeIds.map((id) => {
        const done = isRuleDone(rules, id);
        return (
          <Group key={id} justify="space-between" data-testid="wizard-rule">
            <Text fw={600}>{typeName(id)}</Text>
            <Group gap="xs">
              <Badge color={done ? 'green.9' : 'gray.7'} variant="filled">
                {done ? 'Done' : 'Not Done'}
              </Badge>
              <Button size="xs" variant="light" aria-label={`Set the rule of ${typeName(id)}`} onClick={() => onEdit(id)}>
                {done ? 'Edit' : 'Set up'}
              </Button>
            </Group>
          </Group>
        );
      })}
      {form.errors.rules ? <FormAlert>{form.errors.rules}</FormAlert> : null}
    </Stack>
  );
}
