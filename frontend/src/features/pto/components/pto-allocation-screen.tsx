import { Anchor, Button, Card, Group, Loader, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { sorry } from '@/lib/form-errors';
import { useIsPhone } from '@/lib/media';
import {
  acceptsDigitsOnly,
  ALLOCATION_SAVED,
  allocationChanges,
  AllocationSaveError,
  allocationText,
  failureMessages,
  fieldKey,
  invalidChanges,
  useAllocation,
  useSaveAllocation,
  type Allocation,
  type AllocationRow,
} from '../api/allocation';
import { STARTING_BALANCE_MESSAGE } from '../api/employee-pto';


type PtoTypeColumn = Allocation['types'][number];

const personName = (row: AllocationRow) => `${row.firstname} ${row.lastname}`;

/** What each balance field needs from the screen. */
interface Fields {
  /** The field's text: the admin's edit, else the stored value in hours. */
  value: (row: AllocationRow, ptoTypeId: number) => string;
  error: (row: AllocationRow, ptoTypeId: number) => string | undefined;
  onChange: (row: AllocationRow, ptoTypeId: number, next: string) => void;
  disabled: boolean;
}

function ColorDot({ color }: { color: string }) {
  return <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: color, display: 'inline-block', flex: 'none' }} />;
}

/** One balance field (hours, digits only); its name says whose and which type: 'Vacation hours for Emma Brooks'. */
function BalanceInput({ row, type, fields, label }: { row: AllocationRow; type: PtoTypeColumn; fields: Fields; label?: string }) {
  return (
    <TextInput
      label={label}
      aria-label={`${type.name} hours for ${personName(row)}`}
      inputMode="numeric"
      autoComplete="off"
      size={label ? 'sm' : 'xs'}
      w={label ? undefined : 96}
      value={fields.value(row, type.id)}
      error={fields.error(row, type.id)}
      disabled={fields.disabled}
      onChange={(event) => fields.onChange(row, type.id, event.currentTarget.value)}
    />
  );
}

/** The plan's name, or 'No PTO plan' with a link to the person's folder, where PTO is set up. */
function PlanCell({ row }: { row: AllocationRow }) {
  if (row.ptoPlanName !== null && row.ptoPolicyId !== null) return <Text size="sm">{row.ptoPlanName}</Text>;
  return (
    <Text size="sm" c="dimmed">
      No PTO plan ·{' '}
      {/* Underlined (a link inside text is told apart by more than its colour); Text.css, loaded
          after Anchor.css, would override Anchor's own `underline` prop. */}
      <Anchor component={Link} to={`/admin/manage/view-user/${row.employeeId}`} size="sm" style={{ textDecoration: 'underline' }} aria-label={`Set up PTO for ${personName(row)}`}>
        Set up
      </Anchor>
    </Text>
  );
}

function PersonCell({ row }: { row: AllocationRow }) {
  return (
    <Stack gap={0}>
      <Text fw={600} size="sm">
        {personName(row)}
      </Text>
      {row.jobRole ? (
        <Text size="xs" c="dimmed">
          {row.jobRole}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Desktop: a row per person, a column per payable type; '—' where the type is not in the person's plan. */
function AllocationTable({ allocation, fields }: { allocation: Allocation; fields: Fields }) {
  return (
    <Table.ScrollContainer minWidth={360 + 120 * allocation.types.length}>
      <Table striped verticalSpacing="xs" data-testid="allocation-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Employee</Table.Th>
            <Table.Th>PTO Plan</Table.Th>
            {allocation.types.map((type) => (
              <Table.Th key={type.id}>
                <Group gap={6} wrap="nowrap">
                  <ColorDot color={type.color} />
                  <span>{type.name} (hrs)</span>
                </Group>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {allocation.employees.map((row) => (
            <Table.Tr key={row.employeeId} data-testid="allocation-row">
              <Table.Td>
                <PersonCell row={row} />
              </Table.Td>
              <Table.Td>
                <PlanCell row={row} />
              </Table.Td>
              {allocation.types.map((type) => (
                <Table.Td key={type.id}>
                  {row.types.some((balance) => balance.ptoTypeId === type.id) ? (
                    <BalanceInput row={row} type={type} fields={fields} />
                  ) : (
                    <Text size="sm" c="dimmed">
                      <span aria-hidden>—</span>
                      <VisuallyHidden>Not in the plan</VisuallyHidden>
                    </Text>
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: a card per person with a labelled field for each type of their plan. */
function AllocationCards({ allocation, fields }: { allocation: Allocation; fields: Fields }) {
  return (
    <Stack gap="sm" data-testid="allocation-cards">
      {allocation.employees.map((row) => {
        const types = allocation.types.filter((type) => row.types.some((balance) => balance.ptoTypeId === type.id));
        return (
          <Card key={row.employeeId} withBorder radius="md" p="sm" data-testid="allocation-row">
            <Stack gap="xs">
              <PersonCell row={row} />
              <PlanCell row={row} />
              {types.length > 0 ? (
                <SimpleGrid cols={2} spacing="sm">
                  {types.map((type) => (
                    <BalanceInput key={type.id} row={row} type={type} fields={fields} label={`${type.name} hours`} />
                  ))}
                </SimpleGrid>
              ) : null}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}

/**
 * PTO Allocation (/admin/manage/batch-pto, admins): every active employee's starting balance (hours)
 * for each type of their PTO plan in the chosen year (current or next), set for many people at once.
 * The fields take digits only (001 §5); only changed fields are sent, with switch-pto-plan once per
 * plan, each person keeping their plan.
 */
export function PtoAllocationScreen() {
  usePageTitle('PTO Allocation');
  const isPhone = useIsPhone();
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  const allocation = useAllocation(chosenYear);
  const save = useSaveAllocation();
  /** The admin's field texts by `{employeeId}:{ptoTypeId}`. */
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const data = allocation.data;
  const settled = data !== undefined && !allocation.isPlaceholderData;
  const year = chosenYear ?? data?.year ?? null;
  const changes = settled ? allocationChanges(data, edits) : [];

  const storedText = (row: AllocationRow, ptoTypeId: number) =>
    allocationText(row.types.find((balance) => balance.ptoTypeId === ptoTypeId)?.startingBalance ?? null);
  const fields: Fields = {
    value: (row, ptoTypeId) => edits[fieldKey(row.employeeId, ptoTypeId)] ?? storedText(row, ptoTypeId),
    error: (row, ptoTypeId) => fieldErrors[fieldKey(row.employeeId, ptoTypeId)],
    onChange: (row, ptoTypeId, next) => {
      const key = fieldKey(row.employeeId, ptoTypeId);
      // Anything but digits is refused: the field keeps its text.
      if (!acceptsDigitsOnly(edits[key] ?? storedText(row, ptoTypeId), next)) return;
      setEdits((current) => ({ ...current, [key]: next }));
      setFieldErrors((current) => (key in current ? Object.fromEntries(Object.entries(current).filter(([other]) => other !== key)) : current));
    },
    disabled: !settled || save.isPending,
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!settled || changes.length === 0) return;
    setError(null);
    const invalid = invalidChanges(changes);
    if (invalid.length > 0) {
      setFieldErrors(Object.fromEntries(invalid.map((key) => [key, STARTING_BALANCE_MESSAGE])));
      return;
    }
    setFieldErrors({});
    save.mutate(
      { year: data.year, changes },
      {
        onSuccess: () => {
          setEdits({});
          notifications.show({ color: 'green', message: ALLOCATION_SAVED });
        },
        onError: (err) => {
          if (!(err instanceof AllocationSaveError)) {
            setError(sorry(err));
            return;
          }
          // The plans that went through show their stored values again; the refused keep their edits.
          const saved = new Set(err.saved.map((change) => fieldKey(change.employeeId, change.ptoTypeId)));
          setEdits((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !saved.has(key))));
          const { fields: messages, general } = failureMessages(err.failures);
          setFieldErrors(messages);
          if (general.length > 0) setError(sorry(general[0]));
        },
      },
    );
  };

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
            onChange={(value) => {
              if (!value || Number(value) === year) return;
              // Another year's balances: what was typed for this one is let go.
              setEdits({});
              setFieldErrors({});
              setError(null);
              setChosenYear(Number(value));
            }}
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
