import { Checkbox, Group, MultiSelect, Radio, Stack, Table, Text, TextInput } from '@mantine/core';
import { NoJobRolesHint } from '@/components/no-job-roles-hint';
import type { EmployeeSummary } from '@/lib/employees';
import { ruleSummary, type AssignType, type PtoManageData, type StartingBalance } from '../api/plans';
import { adjustedText, hasPeople, type BalanceGroups } from '../api/starting-balances';
import { ASSIGN_LABELS, assigneesText, carryoverText, chosenRules, type PlanWizardForm } from './plan-wizard-form';

/** Steps 1–2 (002 §2): the plan's name and the paid types it includes. */
export function NameStep({ form, payable }: { form: PlanWizardForm; payable: PtoManageData['ptoTypes'] }) {
  const { values, errors } = form;
  return (
    <Stack gap="md">
      <TextInput
        label="Plan name"
        withAsterisk
        value={values.name}
        error={errors.name}
        onChange={(event) => form.setFieldValue('name', event.currentTarget.value)}
        maxLength={100}
        data-autofocus
      />
      <Checkbox.Group
        label="PTO types in this plan"
        withAsterisk
        value={values.typeIds.map(String)}
        onChange={(chosen) => form.setFieldValue('typeIds', chosen.map(Number))}
        error={errors.typeIds}
      >
        <Stack gap={6} mt={4}>
          {payable.map((type) => (
            <Checkbox key={type.id} value={String(type.id)} label={type.name} />
          ))}
          {payable.length === 0 ? <Text size="sm">There is no PTO type yet: create one in PTO Types first.</Text> : null}
        </Stack>
      </Checkbox.Group>
    </Stack>
  );
}

/** The plan's year: the current one or the next. */
export function YearStep({ form, currentYear }: { form: PlanWizardForm; currentYear: number }) {
  return (
    <Radio.Group label="Which year is this plan for?" withAsterisk value={form.values.year} onChange={(year) => form.setFieldValue('year', year)}>
      <Group mt={4}>
        {[currentYear, currentYear + 1].map((candidate) => (
          <Radio key={candidate} value={String(candidate)} label={String(candidate)} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/**
 * Steps 8–9: who gets the plan (job roles, the entire team, chosen people or nobody yet). With no
 * job role yet, the roles' picker says where to add them; `onLeave` closes the wizard as its link goes.
 */
export function AssignStep({
  form,
  jobRoles,
  people,
  onLeave,
}: {
  form: PlanWizardForm;
  jobRoles: PtoManageData['jobRoles'];
  people: EmployeeSummary[];
  onLeave: () => void;
}) {
  const { values, errors } = form;
  const chooseIds = (ids: string[]) => form.setFieldValue('assignIds', ids);
  return (
    <Stack gap="md">
      <Radio.Group
        label="Who gets this plan?"
        withAsterisk
        value={values.assignType}
        onChange={(value) => {
          form.setFieldValue('assignType', value as AssignType);
          form.setFieldValue('assignIds', []);
        }}
        error={errors.assignType}
      >
        <Stack gap={6} mt={4}>
          {(Object.keys(ASSIGN_LABELS) as AssignType[]).map((value) => (
            <Radio key={value} value={value} label={ASSIGN_LABELS[value]} />
          ))}
        </Stack>
      </Radio.Group>
      {values.assignType === 'jobRole' ? (
        <MultiSelect
          label="Job roles"
          data={jobRoles.map((role) => ({ value: String(role.id), label: role.name }))}
          value={values.assignIds}
          onChange={chooseIds}
          error={errors.assignIds}
          description={jobRoles.length === 0 ? <NoJobRolesHint onFollow={onLeave} /> : undefined}
        />
      ) : null}
      {values.assignType === 'teamMembers' ? (
        <MultiSelect
          label="Team members"
          searchable
          data={people.map((person) => ({ value: String(person.id), label: `${person.firstname} ${person.lastname}` }))}
          value={values.assignIds}
          onChange={chooseIds}
          error={errors.assignIds}
        />
      ) : null}
    </Stack>
  );
}

/**
 * Step 11: the plan as it will be saved: whom it is for by name, each rule with what it carries
 * over, and how many people get an adjusted starting balance.
 */
export function RecapStep({
  form,
  typeName,
  jobRoles,
  people,
  groups,
  startingBalances,
}: {
  form: PlanWizardForm;
  typeName: (id: number) => string;
  jobRoles: PtoManageData['jobRoles'];
  people: EmployeeSummary[];
  groups: BalanceGroups | null;
  startingBalances: StartingBalance[];
}) {
  const { values } = form;
  return (
    <Stack gap="sm">
      <Text>
        <b>{values.name.trim()}</b> for {values.year}
      </Text>
      <Text data-testid="wizard-recap-assignees">
        <Text span fw={600}>
          Who gets it:
        </Text>{' '}
        {assigneesText(values, jobRoles, people)}
      </Text>
      <Table data-testid="wizard-recap">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>PTO type</Table.Th>
            <Table.Th>Rule</Table.Th>
            <Table.Th>At the end of the year</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {chosenRules(values).map((rule) => (
            <Table.Tr key={rule.ptoTypeId}>
              <Table.Td>{typeName(rule.ptoTypeId)}</Table.Td>
              <Table.Td>{ruleSummary(rule)}</Table.Td>
              <Table.Td>{carryoverText(rule)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {values.assignType !== 'none' && hasPeople(groups) ? <Text data-testid="wizard-recap-balances">{adjustedText(startingBalances)}</Text> : null}
    </Stack>
  );
}
