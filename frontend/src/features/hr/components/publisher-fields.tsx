import { Group, MultiSelect, NumberInput, Radio, Stack } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import type { AdminRefdata } from '../api/get-admin-refdata';
import { ACK, AUDIENCE, type PublishFormValues } from '../api/publish-policy';
import { MAX_ONBOARDING_DAYS, MIN_ONBOARDING_DAYS } from '../api/schemas';

/** The publisher's one form: each group of fields below reads and writes its own part of it. */
type PublishForm = UseFormReturnType<PublishFormValues>;

/** The choices of the publisher (002 §3 'Publish'). */
const AUDIENCE_CHOICES = [
  { value: AUDIENCE.entireTeam, label: 'Entire team' },
  { value: AUDIENCE.members, label: 'Selected members' },
  { value: AUDIENCE.jobRoles, label: 'By job role' },
];
const ACK_CHOICES = [
  { value: ACK.immediately, label: 'Immediately' },
  { value: ACK.byDate, label: 'By a date' },
];

/** The people the publisher may choose (never themselves: the publisher is not a recipient). */
const memberOptions = (refdata: AdminRefdata, selfId: number | null) =>
  refdata.employees
    .filter((e) => e.id !== selfId)
    .map((e) => ({ value: String(e.id), label: `${e.firstname} ${e.lastname}`.trim() }))
    .sort((a, b) => a.label.localeCompare(b.label));

/** Job roles with how many of the people in reach hold each (a role with nobody sends to nobody). */
const roleOptions = (refdata: AdminRefdata, selfId: number | null) =>
  refdata.jobroles.map((role) => {
    const people = refdata.employees.filter((e) => e.jobroleId === role.id && e.id !== selfId).length;
    return { value: String(role.id), label: `${role.name} (${people})` };
  });

/** Who receives it: the entire team, selected members or job roles (from GET /refdata/admin). */
export function AudienceFields({ form, refdata, selfId }: { form: PublishForm; refdata: AdminRefdata; selfId: number | null }) {
  const { values } = form;
  return (
    <>
      <Radio.Group label="Who should receive it?" withAsterisk {...form.getInputProps('applicableToAll')}>
        <Stack gap="xs" mt={6}>
          {AUDIENCE_CHOICES.map((choice) => (
            <Radio key={choice.value} value={choice.value} label={choice.label} />
          ))}
        </Stack>
      </Radio.Group>
      {values.applicableToAll === AUDIENCE.members ? (
        <MultiSelect
          label="Members"
          withAsterisk
          placeholder="Choose the people"
          searchable
          hidePickedOptions
          nothingFoundMessage="Nobody by that name"
          data={memberOptions(refdata, selfId)}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('employee')}
        />
      ) : null}
      {values.applicableToAll === AUDIENCE.jobRoles ? (
        <MultiSelect
          label="Job roles"
          withAsterisk
          placeholder="Choose the job roles"
          searchable
          hidePickedOptions
          nothingFoundMessage="No job role by that name"
          data={roleOptions(refdata, selfId)}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('jobroles')}
        />
      ) : null}
    </>
  );
}

/** Acknowledge immediately (due today) or by a date (today or later, in the company's zone). */
export function AckFields({ form, today }: { form: PublishForm; today: string }) {
  return (
    <>
      <Radio.Group label="Acknowledge" withAsterisk {...form.getInputProps('ack')}>
        <Group gap="lg" mt={6}>
          {ACK_CHOICES.map((choice) => (
            <Radio key={choice.value} value={choice.value} label={choice.label} />
          ))}
        </Group>
      </Radio.Group>
      {form.values.ack === ACK.byDate ? (
        <DateInput
          label="Due date"
          withAsterisk
          placeholder="MM/DD/YYYY"
          valueFormat="MM/DD/YYYY"
          minDate={today}
          popoverProps={{ withinPortal: true }}
          {...form.getInputProps('dueDate')}
        />
      ) : null}
    </>
  );
}

/** Whether it is an onboarding policy (also sent to every new employee), with the days they get. */
export function OnboardingFields({ form }: { form: PublishForm }) {
  return (
    <>
      <Radio.Group
        label="Onboarding policy"
        description="An onboarding policy is also sent to everyone who starts from today on."
        withAsterisk
        {...form.getInputProps('onboardingPolicy')}
      >
        <Group gap="lg" mt={6}>
          <Radio value="1" label="Yes" />
          <Radio value="0" label="No" />
        </Group>
      </Radio.Group>
      {form.values.onboardingPolicy === '1' ? (
        <NumberInput
          label="Days for new employees to complete"
          withAsterisk
          min={MIN_ONBOARDING_DAYS}
          max={MAX_ONBOARDING_DAYS}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          w={{ base: '100%', xs: 260 }}
          {...form.getInputProps('autoCertifyDueDays')}
        />
      ) : null}
    </>
  );
}
