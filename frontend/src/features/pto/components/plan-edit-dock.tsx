import { Button, Card, Group, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { z } from 'zod';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { useEmployees } from '@/features/manage/api/get-employees';
import { api, ApiError } from '@/lib/api-client';
import { GENERIC_FORM_ERROR } from '@/lib/form-errors';
import { PLAN_SAVED, ruleFor, ruleFromSaved, ruleProblems, ruleSummary, useUpdatePlan, type PtoManageData, type PtoPlan, type RuleForm } from '../api/plans';
import { RuleFields } from './rule-fields';

const planEmployeesSchema = z.object({ employees: z.array(z.object({ id: z.number().int(), name: z.string() })) });

/**
 * The plan's edit panel (650 wide, 002 §2): its name, one entry per paid PTO type (its rule, or
 * 'Not Included'), a year and the people to add for that year (those enrolled are listed).
 */
export function PlanEditDock({ plan, data, onClose }: { plan: PtoPlan; data: PtoManageData; onClose: () => void }) {
  const update = useUpdatePlan();
  const [name, setName] = useState(plan.name);
  const [rules, setRules] = useState<Record<number, RuleForm>>(() => Object.fromEntries(plan.rules.map((rule) => [rule.ptoTypeId, ruleFromSaved(rule)])));
  const [editing, setEditing] = useState<number | null>(null);
  const [year, setYear] = useState(String(data.currentYear));
  const [adding, setAdding] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const people = useEmployees({ q: '' });
  const enrolled = useQuery({
    queryKey: ['pto', 'plan-employees', plan.id, year],
    queryFn: () => api.get('/pto-manage/plan-employees', { query: { ptoPolicyId: plan.id, year }, schema: planEmployeesSchema }),
  });
  const years = [...new Set([data.currentYear - 1, data.currentYear, data.currentYear + 1, ...plan.associatedYears])].sort();
  const payable = data.ptoTypes.filter((type) => type.payable === 1);
  const enrolledIds = new Set((enrolled.data?.employees ?? []).map((person) => person.id));
  const candidates = (people.data?.employees ?? [])
    .filter((person) => !enrolledIds.has(person.id))
    .map((person) => ({ value: String(person.id), label: `${person.firstname} ${person.lastname}` }));
  const included = Object.values(rules);
  const allDone = included.length > 0 && included.every((rule) => Object.keys(ruleProblems(rule)).length === 0);

  const save = () => {
    setError(null);
    if (!name.trim()) {
      setNameError('Please input the Name');
      return;
    }
    setNameError(null);
    update.mutate(
      {
        id: plan.id,
        name: name.trim(),
        year: Number(year),
        ...(adding.length > 0 ? { assignType: 'teamMembers' as const, assignIds: adding.map(Number) } : {}),
        rules: included,
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: PLAN_SAVED });
          onClose();
        },
        onError: (err) => setError(`Sorry ${err instanceof ApiError && err.status < 500 ? err.firstMessage : GENERIC_FORM_ERROR}`),
      },
    );
  };

  return (
    <Dock opened onClose={onClose} title="Edit PTO Plan" width={650} testId="plan-edit-dock">
      <Stack gap="md">
        <TextInput label="Plan name" withAsterisk value={name} error={nameError} onChange={(event) => setName(event.currentTarget.value)} maxLength={100} />
        {payable.map((type) => {
          const rule = rules[type.id];
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
                    <RuleFields typeName={type.name} rule={rule} problems={ruleProblems(rule)} onChange={(next) => setRules((current) => ({ ...current, [type.id]: next }))} />
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
        <Group grow align="flex-start">
          <Select label="Year" allowDeselect={false} data={years.map(String)} value={year} onChange={(value) => { setYear(value ?? year); setAdding([]); }} />
          <MultiSelect label="Add people for this year" searchable data={candidates} value={adding} onChange={setAdding} />
        </Group>
        <Text size="sm" c="dimmed" data-testid="plan-enrolled">
          {enrolled.data && enrolled.data.employees.length > 0
            ? `Enrolled in ${year}: ${enrolled.data.employees.map((person) => person.name).join(', ')}`
            : `Nobody is enrolled in ${year}.`}
        </Text>
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
    </Dock>
  );
}
