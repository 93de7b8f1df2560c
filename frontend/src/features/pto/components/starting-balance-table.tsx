import '@mantine/core/styles/Table.css';
import { Card, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useIsPhone } from '@/lib/media';
import { hours, STARTING_BALANCE_MESSAGE } from '../api/employee-pto';
import type { BalancePerson, BalanceType } from '../api/plans';
import { balanceKey, balanceText, isAdjustedBalance, personName } from '../api/starting-balances';

/** What the fields of a group need: the admin's edits, the server's messages and a change handler. */
export interface BalanceFields {
  /** The admin's texts by `{employeeId}:{ptoTypeId}` (untouched fields show the prefilled balance). */
  edits: Record<string, string>;
  /** The server's messages by the same key. */
  serverErrors: Record<string, string>;
  onChange: (key: string, text: string) => void;
  disabled?: boolean;
}

export const GROUP_TEXTS = {
  moving: {
    title: 'People coming from another plan',
    description:
      'Where a type is in both plans the balance under the current plan is carried over; otherwise the new plan’s balance is used. Change any starting balance (hours) as you need.',
  },
  joining: {
    title: 'People without a plan',
    description: 'They start with the new plan’s balance. Change any starting balance (hours) as you need.',
  },
} as const;

const balanceLabel = (minutes: number) => `${hours(minutes)} hrs`;

function NotInPlan() {
  return (
    <Text size="sm" c="dimmed" component="span">
      <span aria-hidden>—</span>
      <VisuallyHidden>Not in the plan</VisuallyHidden>
    </Text>
  );
}

/** One starting balance field, named for whose and which type: 'Vacation starting balance for Emma Brooks'. */
function BalanceInput({ person, type, fields, label, description }: { person: BalancePerson; type: BalanceType; fields: BalanceFields; label?: string; description?: string }) {
  const key = balanceKey(person, type);
  const text = balanceText(fields.edits, person, type);
  const error = isAdjustedBalance(text) ? fields.serverErrors[key] : STARTING_BALANCE_MESSAGE;
  return (
    <TextInput
      label={label}
      description={description}
      aria-label={`${type.name} starting balance for ${personName(person)}`}
      inputMode="decimal"
      autoComplete="off"
      size={label ? 'sm' : 'xs'}
      w={label ? undefined : 120}
      value={text}
      error={error}
      disabled={fields.disabled}
      onChange={(event) => fields.onChange(key, event.currentTarget.value)}
    />
  );
}

/**
 * A group of people in the starting-balance adjustment (002 §2 step 10, §4): per person and type of
 * the new plan, the balance under the current plan (people coming from another plan) and under the
 * new one, with the starting balance field. A table on desktops, a card per person on phones.
 * Shared by the plan wizard and the edit panel's 'Adjust starting balances' modal.
 */
export function StartingBalanceGroup({
  group,
  people,
  fields,
}: {
  group: keyof typeof GROUP_TEXTS;
  people: BalancePerson[];
  fields: BalanceFields;
}) {
  const isPhone = useIsPhone();
  const fromAnotherPlan = group === 'moving';
  const { title, description } = GROUP_TEXTS[group];
  return (
    <Stack gap="xs" data-testid={`balances-${group}`}>
      <Title order={3} fz="md">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
      {isPhone ? (
        <Stack gap="sm" data-testid="balance-cards">
          {people.map((person) => (
            <Card key={person.employeeId} withBorder radius="md" p="sm" data-testid="balance-person">
              <Stack gap="xs">
                <Text fw={600} size="sm">
                  {personName(person)}
                </Text>
                {person.types.map((type) => (
                  <BalanceInput
                    key={type.id}
                    person={person}
                    type={type}
                    fields={fields}
                    label={`${type.name} (hrs)`}
                    description={
                      fromAnotherPlan
                        ? `Current plan: ${type.includedInCurrentPlan ? balanceLabel(type.balanceOfCurrentPlan) : 'not included'} · New plan: ${balanceLabel(type.balanceOfNewPlan)}`
                        : `New plan: ${balanceLabel(type.balanceOfNewPlan)}`
                    }
                  />
                ))}
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={fromAnotherPlan ? 560 : 440}>
          <Table verticalSpacing={4} data-testid="balance-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Employee</Table.Th>
                <Table.Th>Type</Table.Th>
                {fromAnotherPlan ? <Table.Th ta="right">Current plan</Table.Th> : null}
                <Table.Th ta="right">New plan</Table.Th>
                <Table.Th>Starting balance (hrs)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {people.flatMap((person) =>
                person.types.map((type, index) => (
                  <Table.Tr key={balanceKey(person, type)} data-testid="balance-row">
                    {index === 0 ? (
                      <Table.Td rowSpan={person.types.length} style={{ verticalAlign: 'top' }}>
                        <Text fw={600} size="sm">
                          {personName(person)}
                        </Text>
                      </Table.Td>
                    ) : null}
                    <Table.Td>{type.name}</Table.Td>
                    {fromAnotherPlan ? <Table.Td ta="right">{type.includedInCurrentPlan ? balanceLabel(type.balanceOfCurrentPlan) : <NotInPlan />}</Table.Td> : null}
                    <Table.Td ta="right">{balanceLabel(type.balanceOfNewPlan)}</Table.Td>
                    <Table.Td>
                      <BalanceInput person={person} type={type} fields={fields} />
                    </Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
