import { Anchor, Button, Group, List, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { displayDate } from '@/lib/dates';
import { serverMessage } from '@/lib/form-errors';
import type { RuleForm } from '../api/plans';
import {
  savedLawChoice,
  useSickLeaveCompliance,
  checkBody,
  employeeCount,
  LAW_TEXTS,
  lawOptions,
  notProvidedText,
  presetRule,
  tierFor,
  useSickLeaveCheck,
  useSickLeaveLaws,
  type Law,
  type LawChoice,
  type LawTier,
  type Shortfall,
} from '../api/sick-leave';
import { RuleFields } from './rule-fields';

/**
 * The laws chosen for a plan's rules by type: what the admin picked, else (a saved plan) the law
 * its compliance checks the type's rule against, with the company's headcount.
 */
export function useLawChoices(planId: number | null, typeName: (id: number) => string) {
  const compliance = useSickLeaveCompliance(planId !== null);
  const laws = useSickLeaveLaws(planId !== null);
  const [chosen, setChosen] = useState<Record<number, LawChoice>>({});
  const choiceOf = (typeId: number): LawChoice | null =>
    chosen[typeId] ?? (planId === null ? null : savedLawChoice(compliance.data, laws.data, planId, typeName(typeId)));
  const choose = (typeId: number, choice: LawChoice) => setChosen((current) => ({ ...current, [typeId]: choice }));
  return { choiceOf, choose };
}

/** The law check waits this long after the last change of the rule. */
export const LAW_CHECK_DELAY_MS = 400;

/** The yellow warning of a rule that gives less than a law: each shortfall's message. */
export function ShortfallAlert({ lawName, shortfalls }: { lawName: string; shortfalls: Shortfall[] }) {
  return (
    <FormAlert color="yellow" title={`Less than ${lawName} requires`}>
      <Stack gap={4} data-testid="law-shortfalls">
        <List size="sm">
          {shortfalls.map((shortfall) => (
            <List.Item key={`${shortfall.law}-${shortfall.field}-${shortfall.message}`}>{shortfall.message}</List.Item>
          ))}
        </List>
        <Text size="sm">You may still save the rule.</Text>
      </Stack>
    </FormAlert>
  );
}

/** A source's address as a link names it: its host ('leginfo.legislature.ca.gov'). */
const sourceName = (url: string): string => {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
};

/** What the law asks of this employer's tier, where it comes from and what Timekeep does not check. */
function LawDetails({ law, tier }: { law: Law; tier: LawTier | null }) {
  return (
    <Stack gap={6} data-testid="law-details">
      <Text size="sm">
        <Text span fw={600}>
          {law.title}
        </Text>{' '}
        ({law.citation}), in force since {displayDate(law.effectiveFrom)}.
      </Text>
      <Text size="sm" c="dimmed">
        Who counts: {law.headcountRule}
      </Text>
      {tier ? (
        <>
          <Text size="sm" fw={600} data-testid="law-tier">
            Applies to you: {tier.label} ({tier.paid ? 'paid leave' : 'unpaid leave'})
          </Text>
          <List size="sm" spacing={2}>
            {tier.requirements.map((requirement) => (
              <List.Item key={requirement}>{requirement}</List.Item>
            ))}
          </List>
        </>
      ) : null}
      {law.notProvided.length > 0 ? (
        <Text size="sm" c="dimmed">
          Not checked (no source confirmed it): {law.notProvided.map(notProvidedText).join('; ')}
        </Text>
      ) : null}
      {law.notes.length > 0 ? (
        <List size="sm" spacing={2} aria-label="Notes">
          {law.notes.map((note) => (
            <List.Item key={note}>{note}</List.Item>
          ))}
        </List>
      ) : null}
      {law.sources.length > 0 ? (
        <Text size="sm">
          Sources:{' '}
          {law.sources.map((url, index) => (
            <span key={url}>
              {index > 0 ? ', ' : null}
              <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
                {sourceName(url)}
              </Anchor>
            </span>
          ))}
        </Text>
      ) : null}
    </Stack>
  );
}

interface RuleWithLawProps {
  typeName: string;
  rule: RuleForm;
  problems: Record<string, string>;
  onChange: (rule: RuleForm) => void;
  /** The law chosen for this rule (null: none yet). */
  choice: LawChoice | null;
  onChoice: (choice: LawChoice) => void;
}

/**
 * A type's rule with 'Start from a law' (issue 38): a state or city law (the company's address's
 * first) and the employer's size (its headcount, editable) show the tier that applies, what it
 * asks, its citation and sources; 'Use this law' fills the rule from the tier's preset and folds
 * the picker away. While a law is chosen (beside the button), each change of a complete rule is
 * checked against it (debounced): what the rule gives less of shows as a warning beside it, which
 * never blocks saving.
 */
export function RuleWithLaw({ typeName, rule, problems, onChange, choice, onChoice }: RuleWithLawProps) {
  const laws = useSickLeaveLaws();
  const data = laws.data;
  const current: LawChoice = choice ?? { law: null, employees: data ? String(data.headcount) : '' };
  const pickerId = useId();
  const [shown, setShown] = useState(false);
  const law = data?.laws.find((candidate) => candidate.id === current.law);
  const employees = employeeCount(current.employees);
  const tier = law && employees !== null ? tierFor(law, employees) : null;
  const employeesError = !law ? undefined : employees === null ? LAW_TEXTS.employees : tier ? undefined : LAW_TEXTS.notCovered;

  const bodyJson = checkBody(law, current.employees, rule);
  const [checkedJson] = useDebouncedValue(bodyJson, LAW_CHECK_DELAY_MS);
  const check = useSickLeaveCheck(checkedJson);
  const checking = bodyJson !== null && (checkedJson !== bodyJson || check.isFetching);
  const result = bodyJson !== null && !checking && !check.isError ? check.data : undefined;

  return (
    <Stack gap="md">
      {data ? (
        <Stack gap="xs">
          <Group gap="sm">
            <Button size="xs" variant="light" aria-expanded={shown} aria-controls={shown ? pickerId : undefined} onClick={() => setShown(!shown)}>
              Start from a law
            </Button>
            {law ? (
              <Text size="sm" data-testid="law-chosen">
                Checked against {law.name}&apos;s law ({tier ? tier.label : 'not for this size'})
              </Text>
            ) : null}
          </Group>
          {shown ? (
            <Paper withBorder p="sm" radius="md" id={pickerId} data-testid="law-picker">
              <Stack gap="sm">
                <Text size="sm">
                  Pick the paid sick leave law where {typeName} is taken. &apos;Use this law&apos; fills the rule with what it asks; you may give more,
                  and anything less shows a warning.
                </Text>
                <Group grow align="flex-start">
                  <Select
                    label="Law"
                    placeholder="Choose a state or city law"
                    searchable
                    clearable
                    allowDeselect={false}
                    nothingFoundMessage="No law by that name"
                    data={lawOptions(data)}
                    value={current.law}
                    onChange={(value) => onChoice({ ...current, law: value })}
                  />
                  <TextInput
                    label="Employees"
                    description={`Active people today: ${data.headcount}`}
                    inputMode="numeric"
                    value={current.employees}
                    error={employeesError}
                    onChange={(event) => onChoice({ ...current, employees: event.currentTarget.value })}
                  />
                </Group>
                {law ? <LawDetails law={law} tier={tier} /> : null}
                <Group justify="flex-end">
                  <Button
                    size="xs"
                    disabled={!tier}
                    onClick={() => {
                      if (!tier) return;
                      onChange(presetRule(tier, rule.ptoTypeId));
                      setShown(false);
                    }}
                  >
                    Use this law
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ) : null}
        </Stack>
      ) : null}
      <RuleFields typeName={typeName} rule={rule} problems={problems} onChange={onChange} />
      {law && result && result.shortfalls.length > 0 ? <ShortfallAlert lawName={law.name} shortfalls={result.shortfalls} /> : null}
      {law && result && result.shortfalls.length === 0 ? (
        <Text size="sm" c="green.9" fw={500} data-testid="law-met">
          This rule meets {law.name}&apos;s law ({result.tier}).
        </Text>
      ) : null}
      {law && bodyJson !== null && !checking && check.isError ? (
        <Text size="sm" c="dimmed">
          The rule could not be checked against {law.name}&apos;s law: {serverMessage(check.error)}
        </Text>
      ) : null}
    </Stack>
  );
}
