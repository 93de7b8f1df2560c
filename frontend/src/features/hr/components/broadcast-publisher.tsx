import { Badge, Button, Group, Loader, MultiSelect, NumberInput, Radio, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { isoDateIn } from '@/lib/dates';
import { useAdminRefdata, type AdminRefdata } from '../api/get-admin-refdata';
import {
  ACK,
  AUDIENCE,
  PUBLISH_FIELDS,
  PUBLISHED,
  publishFormSchema,
  usePublishPolicy,
  type PublishFormValues,
} from '../api/publish-policy';
import { MAX_ONBOARDING_DAYS, MIN_ONBOARDING_DAYS, type PolicyView, type WorkflowView } from '../api/schemas';
import { failureMessage, submitFailure } from './labels';

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

interface PublisherProps {
  policy: PolicyView;
  /** The company's zone: a due date may not be before its today. */
  timeZone: string;
  /** The signed-in person, left out of the members to choose. */
  selfId: number | null;
  onPublished: (workflow: WorkflowView) => void;
}

/**
 * The HR Broadcast publisher (002 §2, §3 'Publish', §5): who receives the policy (the entire
 * team, selected members or job roles, from GET /refdata/admin), whether it is to be acknowledged
 * immediately (due today) or by a date (today or later), and whether it is an onboarding policy,
 * sent to every new employee with the days they get. Each recipient is mailed.
 */
export function BroadcastPublisher({ policy, timeZone, selfId, onPublished }: PublisherProps) {
  const refdata = useAdminRefdata();
  const publish = usePublishPolicy();
  const [error, setError] = useState<string | null>(null);
  const today = isoDateIn(new Date(), timeZone);
  const schema = useMemo(() => publishFormSchema(today), [today]);
  const published = policy.workflows.length > 0;
  const form = useForm<PublishFormValues>({
    mode: 'controlled',
    initialValues: {
      applicableToAll: null,
      employee: [],
      jobroles: [],
      ack: ACK.immediately,
      dueDate: null,
      // A policy published before says what it was; a new one asks.
      onboardingPolicy: published ? String(policy.onboardingPolicy) : null,
      autoCertifyDueDays: policy.autoCertifyDueDays ?? '',
    },
    validate: schemaResolver(schema, { sync: true }),
  });

  if (refdata.isPending) return <Loader size="sm" aria-label="Loading the people and job roles" />;
  if (refdata.isError) return <FormAlert>{failureMessage(refdata.error)}</FormAlert>;
  const { values } = form;

  return (
    <form
      noValidate
      aria-label="HR Broadcast publisher"
      onSubmit={form.onSubmit((submitted) => {
        setError(null);
        publish.mutate(
          { policyId: policy.id, values: submitted },
          {
            onSuccess: (workflow) => {
              notifications.show({ color: 'green', message: PUBLISHED });
              onPublished(workflow);
            },
            onError: (err) => setError(submitFailure(err, PUBLISH_FIELDS, form.setErrors)),
          },
        );
      })}
    >
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {policy.title}
          </Title>
          <Group gap="xs">
            <Badge variant="light">{policy.typeName}</Badge>
            <Badge variant="outline" color="gray.7">{`Version ${policy.version}`}</Badge>
          </Group>
        </Stack>

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
            data={memberOptions(refdata.data, selfId)}
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
            data={roleOptions(refdata.data, selfId)}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('jobroles')}
          />
        ) : null}

        <Radio.Group label="Acknowledge" withAsterisk {...form.getInputProps('ack')}>
          <Group gap="lg" mt={6}>
            {ACK_CHOICES.map((choice) => (
              <Radio key={choice.value} value={choice.value} label={choice.label} />
            ))}
          </Group>
        </Radio.Group>
        {values.ack === ACK.byDate ? (
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
        {values.onboardingPolicy === '1' ? (
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

        {error ? <FormAlert>{error}</FormAlert> : null}
        <Text size="sm" c="dimmed">
          Each recipient is sent an e-mail and finds the policy in their task list.
        </Text>
        <Button type="submit" loading={publish.isPending} style={{ alignSelf: 'flex-end' }}>
          Publish
        </Button>
      </Stack>
    </form>
  );
}
