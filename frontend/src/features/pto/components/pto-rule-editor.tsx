import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { ruleFor, ruleFromSaved, ruleProblems, type PlanRule, type PtoManageData, type PtoPlan, type RuleForm } from '../api/plans';
import { PTO_RULE_SAVED, ruleSaveFailure, shownRuleFields, standingErrors, useUpdatePtoRule } from '../api/rules';
import { RuleWithLaw, useLawChoices } from './rule-law';

export const RULE_TYPE_REQUIRED = 'Please choose the PTO type';
export const EVERY_TYPE_INCLUDED = 'Every PTO type is already part of this plan.';

/** What the rule panel works on: a plan's rule, or a new rule for the plan (`rule` null). */
export interface RuleTarget {
  plan: PtoPlan;
  rule: PlanRule | null;
}

/** A plan's rules in force (status 1). */
export const activeRules = (plan: PtoPlan): PlanRule[] => plan.rules.filter((rule) => rule.status === 1);

/** Paid types the plan does not include yet: the ones a new rule may be for. */
export const missingTypes = (plan: PtoPlan, data: PtoManageData) => {
  const included = new Set(activeRules(plan).map((rule) => rule.ptoTypeId));
  return data.ptoTypes.filter((type) => type.payable === 1 && !included.has(type.id));
};

/**
 * The 'PTO Rule' panel's form: the rule's fields (002 §3, §5), checked here first; the server's
 * messages for a field go on that field, anything else in the 'Sorry' alert. Adding a rule first
 * asks which paid type, among those the plan lacks, it is for.
 */
export function RuleEditor({ target, data, onSaved, onCancel }: { target: RuleTarget; data: PtoManageData; onSaved: () => void; onCancel: () => void }) {
  const save = useUpdatePtoRule();
  const adding = target.rule === null;
  const choices = adding ? missingTypes(target.plan, data) : [];
  const [rule, setRule] = useState<RuleForm | null>(() => (target.rule ? ruleFromSaved(target.rule) : null));
  const [untouched] = useState(rule);
  useDiscardGuard(() => JSON.stringify(rule) !== JSON.stringify(untouched));
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const typeName = (id: number) => data.ptoTypes.find((type) => type.id === id)?.name ?? 'this PTO type';
  const laws = useLawChoices(target.plan.id, typeName);
  const typeError = serverErrors.ptoTypeId ?? (tried && !rule ? RULE_TYPE_REQUIRED : undefined);
  const problems = { ...(tried && rule ? ruleProblems(rule) : {}), ...serverErrors };

  /** A field the person changed drops the server's message about it. */
  const change = (next: RuleForm) => {
    setServerErrors((current) => (rule ? standingErrors(current, rule, next) : current));
    setRule(next);
  };

  const submit = () => {
    setError(null);
    setTried(true);
    if (!rule || Object.keys(ruleProblems(rule)).length > 0) return;
    save.mutate(
      { id: target.rule?.id, ptoPolicyId: target.plan.id, rule },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: PTO_RULE_SAVED });
          onSaved();
        },
        onError: (err) => {
          const failure = ruleSaveFailure(err, shownRuleFields(rule, { typeChoice: adding }));
          setServerErrors(failure.fieldErrors);
          setError(failure.message);
        },
      },
    );
  };

  return (
    <form
      noValidate
      aria-label="PTO Rule"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Plan: {target.plan.name}
        </Text>
        {adding ? (
          <Select
            label="PTO type"
            withAsterisk
            placeholder="Choose a type"
            allowDeselect={false}
            data={choices.map((type) => ({ value: String(type.id), label: type.name }))}
            value={rule ? String(rule.ptoTypeId) : null}
            error={typeError}
            onChange={(value) => {
              if (!value) return;
              const id = Number(value);
              setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => field !== 'ptoTypeId')));
              setRule((current) => (current ? { ...current, ptoTypeId: id } : ruleFor(id, 'PER_CALENDAR_YEAR')));
            }}
          />
        ) : (
          <Text fw={600}>{typeName(target.rule?.ptoTypeId ?? 0)}</Text>
        )}
        {rule ? (
          <RuleWithLaw
            typeName={typeName(rule.ptoTypeId)}
            rule={rule}
            problems={problems}
            onChange={change}
            choice={laws.choiceOf(rule.ptoTypeId)}
            onChoice={(choice) => laws.choose(rule.ptoTypeId, choice)}
          />
        ) : null}
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
