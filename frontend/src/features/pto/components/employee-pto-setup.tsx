import { Button, Group, Loader, MultiSelect, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { useEmployees } from '@/lib/employees';
import { ApiError } from '@/lib/api-client';
import { GENERIC_FORM_ERROR } from '@/lib/form-errors';
import { hours, isStartingBalance, STARTING_BALANCE_MESSAGE, usePtoManagePlans, useSaveEmployeeSetup, type EmployeePto } from '../api/employee-pto';

interface SetupValues {
  ptoPolicyId: string;
  year: string;
  balances: Record<string, string>;
  copyTo: string[];
}

/**
 * The folder's PTO edit dock (650 wide, 001 §2): the employee's plan for a year, a starting balance
 * (hours) for each type of the plan, and the same set-up copied to other employees.
 */
export function EmployeePtoSetupDock({ pto, opened, onClose }: { pto: EmployeePto; opened: boolean; onClose: () => void }) {
  return (
    <Dock opened={opened} onClose={onClose} title="PTO" width={650} testId="pto-setup-dock">
      <SetupForm pto={pto} onClose={onClose} />
    </Dock>
  );
}

/** Mounted while the dock is open: each opening starts from the employee's set-up. */
function SetupForm({ pto, onClose }: { pto: EmployeePto; onClose: () => void }) {
  const data = usePtoManagePlans(true);
  const people = useEmployees({ q: '' });
  const save = useSaveEmployeeSetup(pto.employeeId);
  const [error, setError] = useState<string | null>(null);
  const current = new Map(pto.types.map((row) => [row.ptoTypeId, row.balance]));
  const form = useForm<SetupValues>({
    mode: 'controlled',
    initialValues: { ptoPolicyId: pto.ptoPolicyId ? String(pto.ptoPolicyId) : '', year: String(pto.year), balances: {}, copyTo: [] },
    validate: {
      ptoPolicyId: (value) => (value ? null : 'Please choose the PTO plan'),
      balances: (balances) => {
        const bad = Object.entries(balances).find(([, text]) => text.trim() !== '' && !isStartingBalance(text));
        return bad ? STARTING_BALANCE_MESSAGE : null;
      },
    },
  });
  useDiscardGuard(() => form.isDirty());
  const plan = data.data?.ptoPolicies.find((candidate) => String(candidate.id) === form.values.ptoPolicyId);
  const typeName = (id: number) => data.data?.ptoTypes.find((type) => type.id === id)?.name ?? '';
  const years = data.data ? [data.data.currentYear - 1, data.data.currentYear, data.data.currentYear + 1] : [pto.year];
  const others = (people.data?.employees ?? [])
    .filter((person) => person.id !== pto.employeeId)
    .map((person) => ({ value: String(person.id), label: `${person.firstname} ${person.lastname}` }));

  return data.isPending ? (
    <Loader size="sm" aria-label="Loading the PTO plans" />
  ) : (
    <form
      noValidate
      aria-label="PTO set-up"
      onSubmit={form.onSubmit((values) => {
        setError(null);
        const rules = plan?.rules.filter((rule) => rule.status === 1) ?? [];
        save.mutate(
          {
            employeeId: pto.employeeId,
            ptoPolicyId: Number(values.ptoPolicyId),
            year: Number(values.year),
            types: rules
              .map((rule) => ({ ptoTypeId: rule.ptoTypeId, startingBalance: (values.balances[String(rule.ptoTypeId)] ?? '').trim() }))
              .filter((item) => item.startingBalance !== ''),
            copyTo: values.copyTo.map(Number),
          },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', message: 'PTO information has been saved.' });
              onClose();
            },
            onError: (err) => setError(`Sorry ${err instanceof ApiError && err.status < 500 ? err.firstMessage : GENERIC_FORM_ERROR}`),
          },
        );
      })}
    >
      <Stack gap="md">
        <Group grow align="flex-start">
          <Select
            label="PTO Plan"
            withAsterisk
            placeholder="Choose a plan"
            data={(data.data?.ptoPolicies ?? []).map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
            {...form.getInputProps('ptoPolicyId')}
          />
          <Select label="Year" allowDeselect={false} data={years.map((year) => ({ value: String(year), label: String(year) }))} {...form.getInputProps('year')} />
        </Group>
        {plan ? (
          <Table verticalSpacing={4} data-testid="pto-setup-types">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Th>Rule</Table.Th>
                <Table.Th ta="right">Balance now</Table.Th>
                <Table.Th>Starting balance (hrs)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {plan.rules
                .filter((rule) => rule.status === 1)
                .map((rule) => (
                  <Table.Tr key={rule.ptoTypeId}>
                    <Table.Td>{typeName(rule.ptoTypeId)}</Table.Td>
                    <Table.Td>{rule.summary}</Table.Td>
                    <Table.Td ta="right">{current.has(rule.ptoTypeId) ? `${hours(current.get(rule.ptoTypeId) ?? 0)} hrs` : '—'}</Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Starting balance of ${typeName(rule.ptoTypeId)}`}
                        placeholder="Leave empty to keep"
                        inputMode="decimal"
                        w={150}
                        {...form.getInputProps(`balances.${rule.ptoTypeId}`)}
                        value={form.values.balances[String(rule.ptoTypeId)] ?? ''}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            Choose a plan to see its types.
          </Text>
        )}
        {form.errors.balances ? <FormAlert>{form.errors.balances}</FormAlert> : null}
        <MultiSelect label="Copy the same set-up to" placeholder="Other employees" data={others} searchable {...form.getInputProps('copyTo')} />
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
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
