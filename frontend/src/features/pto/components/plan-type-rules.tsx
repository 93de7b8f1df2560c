import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { Dispatch, SetStateAction } from 'react';
import { ruleFor, ruleProblems, ruleSummary, type PtoManageData, type RuleForm } from '../api/plans';
import { standingErrors, type RuleRefusal } from '../api/rules';
import { RuleWithLaw, useLawChoices } from './rule-law';

interface PlanTypeRulesProps {
  /** The company's paid types. */
  payable: PtoManageData['ptoTypes'];
  /** The plan's rules by type; a type without one is not included. */
  rules: Record<number, RuleForm>;
  setRules: Dispatch<SetStateAction<Record<number, RuleForm>>>;
  /** The type whose rule is open. */
  editing: number | null;
  setEditing: (id: number | null) => void;
  /** The saved plan: its rules start checked against the laws its compliance names. */
  planId?: number;
  /** The server's messages about the rules the last save sent, by type: each shows until its field changes. */
  refusals?: Record<number, RuleRefusal>;
}

/**
 * The edit panel's types (002 §2): a card per paid type with its rule's summary ('Not Done' while
 * it has a problem, 'Not Included' without a rule), Include / Edit and Leave out, or the open rule
 * with 'Done with <type>'. An open rule may start from a sick-leave law, and is checked against the
 * law its plan's compliance names (issue 38).
 */
export function PlanTypeRules({ payable, rules, setRules, editing, setEditing, planId, refusals = {} }: PlanTypeRulesProps) {
  const laws = useLawChoices(planId ?? null, (id) => payable.find((type) => type.id === id)?.name ?? '');
  return (
    <>
      {payable.map((type) => {
        const rule = rules[type.id];
        const refusal = refusals[type.id];
        return (
          <Card key={type.id} withBorder radius="md" p="sm" data-testid="plan-edit-type">
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={600}>{type.name}</Text>
                <Text size="sm" c="dimmed">
                  {rule ? (Object.keys(ruleProblems(rule)).length === 0 ? ruleSummary(rule) : 'Not Done') : 'Not Included'}
                </Text>
              </Group>
              {editing === type.id && rule ? (
                <>
                  <RuleWithLaw
                    typeName={type.name}
                    rule={rule}
                    problems={{ ...ruleProblems(rule), ...(refusal ? standingErrors(refusal.errors, refusal.rule, rule) : {}) }}
                    onChange={(next) => setRules((current) => ({ ...current, [type.id]: next }))}
                    choice={laws.choiceOf(type.id)}
                    onChoice={(choice) => laws.choose(type.id, choice)}
                  />
                  <Group justify="flex-end">
                    <Button size="xs" variant="light" onClick={() => setEditing(null)} disabled={Object.keys(ruleProblems(rule)).length > 0}>
                      Done with {type.name}
                    </Button>
                  </Group>
                </>
              ) : (
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`${rule ? 'Edit the rule of' : 'Include'} ${type.name}`}
                    onClick={() => {
                      if (!rule) setRules((current) => ({ ...current, [type.id]: ruleFor(type.id, 'PER_CALENDAR_YEAR') }));
                      setEditing(type.id);
                    }}
                  >
                    {rule ? 'Edit' : 'Include'}
                  </Button>
                  {rule ? (
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      aria-label={`Leave out: ${type.name}`}
                      onClick={() =>
                        setRules((current) => {
                          const next = { ...current };
                          delete next[type.id];
                          return next;
                        })
                      }
                    >
                      Leave out
                    </Button>
                  ) : null}
                </Group>
              )}
            </Stack>
          </Card>
        );
      })}
    </>
  );
}
