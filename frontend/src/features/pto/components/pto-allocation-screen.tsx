import { Button, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { sorry } from '@/lib/form-errors';
import { useIsPhone } from '@/lib/media';
import { AllocationCards, AllocationTable } from './allocation-grid';
import { useAllocationForm } from './use-allocation-form';

/**
 * PTO Allocation (/admin/manage/batch-pto, admins): every active employee's starting balance (hours)
 * for each type of their PTO plan in the chosen year (current or next), set for many people at once.
 * The fields take digits only (001 §5); only changed fields are sent, with switch-pto-plan once per
 * plan, each person keeping their plan.
 */
export function PtoAllocationScreen() {
  usePageTitle('PTO Allocation');
  const isPhone = useIsPhone();
  const { allocation, save, year, changes, fields, error, chooseYear, submit } = useAllocationForm();
  const data = allocation.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          PTO Allocation
        </Title>
        {data ? (
          <Select
            label="Year"
            w={110}
            allowDeselect={false}
            data={data.years.map(String)}
            value={year === null ? null : String(year)}
            disabled={save.isPending}
            onChange={chooseYear}
          />
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        Starting balances in hours for the types of each person&apos;s PTO plan. A field left empty keeps its balance.
      </Text>
      <form noValidate aria-label="PTO Allocation" onSubmit={submit}>
        <Stack gap="md">
          {error ? <FormAlert>{error}</FormAlert> : null}
          {allocation.isPending ? (
            <Loader size="sm" aria-label="Loading the PTO allocation" />
          ) : allocation.isError ? (
            <FormAlert>{sorry(allocation.error)}</FormAlert>
          ) : allocation.data.employees.length === 0 ? (
            <Text data-testid="allocation-empty">Gasp! It&apos;s Empty!</Text>
          ) : isPhone ? (
            <AllocationCards allocation={allocation.data} fields={fields} />
          ) : (
            <AllocationTable allocation={allocation.data} fields={fields} />
          )}
          <Group justify="flex-end" gap="sm" grow={isPhone}>
            <Button component={Link} to="/admin/manage" variant="default">
              Cancel
            </Button>
            <Button type="submit" disabled={changes.length === 0} loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
