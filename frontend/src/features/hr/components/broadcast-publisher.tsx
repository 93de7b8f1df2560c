import { Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { isoDateIn } from '@/lib/dates';
import { useAdminRefdata } from '../api/get-admin-refdata';
import { ACK, PUBLISH_FIELDS, PUBLISHED, publishFormSchema, usePublishPolicy, type PublishFormValues } from '../api/publish-policy';
import type { PolicyView, WorkflowView } from '../api/schemas';
import { failureMessage, submitFailure } from './labels';
import { AckFields, AudienceFields, OnboardingFields } from './publisher-fields';

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
  useDiscardGuard(() => form.isDirty());

  if (refdata.isPending) return <Loader size="sm" aria-label="Loading the people and job roles" />;
  if (refdata.isError) return <FormAlert>{failureMessage(refdata.error)}</FormAlert>;
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

        <AudienceFields form={form} refdata={refdata.data} selfId={selfId} />
        <AckFields form={form} today={today} />
        <OnboardingFields form={form} />

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
