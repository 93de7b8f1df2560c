import { Badge, Button, Card, Group, Loader, Select, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { FormModal } from '@/components/form-modal';
import { formatIsoDate } from '@/lib/company-time';
import { DISPLAY_DATE_FORMAT, isoDateIn, parseTypedDate } from '@/lib/dates';
import { formFailure, serverMessage, sorry } from '@/lib/form-errors';
import { useIsPhone } from '@/lib/media';
import { approverChoices, useApprovers } from '../api/approvers';
import { STAND_IN_FIELDS, useAddStandIn, useRemoveStandIn, useStandIns, type StandIn, type StandInBody } from '../api/stand-ins';
import { APPROVALS_TEXTS } from './labels';

export const STAND_IN_MESSAGES = {
  person: 'Please choose who is away',
  standIn: 'Please choose who stands in',
  startsOn: 'Please choose the first day',
  endsOn: 'Please choose the last day',
} as const;

/** 'Ana Silva for Sam Lee, 03/02/2026 – 03/16/2026'. */
const standInLabel = (standIn: StandIn) => `${standIn.standInName} for ${standIn.personName}`;

interface StandInsTabProps {
  /** Admins set a stand-in for anyone; managers for themselves. */
  chooseAnyone: boolean;
  /** The signed-in person: a manager's own stand-ins are for them. */
  selfId: number | null;
  /** Today on the company calendar ('YYYY-MM-DD'): the first day a new stand-in starts on. */
  today?: string;
  timeZone?: string;
}

/**
 * Settings, Out of office (issue 41), managers and admins: who stands in for whom and when (a
 * manager sees their own and those naming them, an admin everyone's), 'Add stand-in' and removing
 * one. A stand-in answers the steps that wait for the person away.
 */
export function StandInsTab({ chooseAnyone, selfId, timeZone, today = isoDateIn(new Date(), timeZone) }: StandInsTabProps) {
  const isPhone = useIsPhone();
  const standIns = useStandIns();
  const remove = useRemoveStandIn();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<StandIn | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = standIns.data ?? [];

  const removeButton = (standIn: StandIn) => (
    <Button
      size="xs"
      variant="outline"
      color="red.9"
      aria-label={`Remove ${standInLabel(standIn)}`}
      onClick={() => {
        setError(null);
        setRemoving(standIn);
      }}
    >
      Remove
    </Button>
  );
  const activeBadge = (standIn: StandIn) =>
    standIn.active ? (
      <Badge color="green.9" variant="filled" autoContrast data-testid="stand-in-active">
        Active now
      </Badge>
    ) : null;

  return (
    <Stack gap="md" data-testid="stand-ins">
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz="lg">
          Out of office
        </Title>
        <Button onClick={() => setAdding(true)}>{APPROVALS_TEXTS.addStandIn}</Button>
      </Group>
      <Text size="sm" maw={720}>
        {APPROVALS_TEXTS.standInsIntro}
      </Text>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {standIns.isPending ? (
        <Loader size="sm" aria-label="Loading the stand-ins" />
      ) : standIns.isError ? (
        <FormAlert>{serverMessage(standIns.error)}</FormAlert>
      ) : list.length === 0 ? (
        <Text data-testid="no-stand-ins">{APPROVALS_TEXTS.noStandIns}</Text>
      ) : isPhone ? (
        <Stack gap="sm">
          {list.map((standIn) => (
            <Card key={standIn.id} withBorder radius="md" p="sm" data-testid="stand-in" component="article" aria-label={standInLabel(standIn)}>
              <Stack gap="xs">
                <Group justify="space-between" gap="xs">
                  <Text fw={600}>{standIn.personName} is away</Text>
                  {activeBadge(standIn)}
                </Group>
                <Text size="sm">Stand-in: {standIn.standInName}</Text>
                <Text size="sm">
                  {formatIsoDate(standIn.startsOn)} – {formatIsoDate(standIn.endsOn)}
                </Text>
                {standIn.setByName ? (
                  <Text size="xs" c="dimmed">
                    Set by {standIn.setByName}
                  </Text>
                ) : null}
                {removeButton(standIn)}
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table striped verticalSpacing="sm" data-testid="stand-ins-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Away</Table.Th>
              <Table.Th>Stand-in</Table.Th>
              <Table.Th>From</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th>Set by</Table.Th>
              <Table.Th w={120}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((standIn) => (
              <Table.Tr key={standIn.id} data-testid="stand-in">
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text fw={500}>{standIn.personName}</Text>
                    {activeBadge(standIn)}
                  </Group>
                </Table.Td>
                <Table.Td data-testid="stand-in-name">{standIn.standInName}</Table.Td>
                <Table.Td>{formatIsoDate(standIn.startsOn)}</Table.Td>
                <Table.Td>{formatIsoDate(standIn.endsOn)}</Table.Td>
                <Table.Td>{standIn.setByName ?? ''}</Table.Td>
                <Table.Td>{removeButton(standIn)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}

      <FormModal opened={adding} onClose={() => setAdding(false)} title={APPROVALS_TEXTS.addStandIn} centered size="md">
        {adding ? <AddStandInForm chooseAnyone={chooseAnyone} selfId={selfId} today={today} onDone={() => setAdding(false)} /> : null}
      </FormModal>
      <ConfirmDialog
        opened={removing !== null}
        title={removing ? `Remove ${standInLabel(removing)}?` : 'Remove'}
        message={removing ? `${removing.standInName} no longer answers for ${removing.personName}. Requests already answered stay answered.` : ''}
        confirmLabel="Remove"
        danger
        focusCancel
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: ({ message }) => notifications.show({ color: 'green', message }),
            onError: (err) => setError(sorry(err)),
            onSettled: () => setRemoving(null),
          });
        }}
      />
    </Stack>
  );
}

interface AddStandInFormProps {
  chooseAnyone: boolean;
  selfId: number | null;
  today: string;
  onDone: () => void;
}

function AddStandInForm({ chooseAnyone, selfId, today, onDone }: AddStandInFormProps) {
  const approvers = useApprovers();
  const add = useAddStandIn();
  const [personId, setPersonId] = useState<string | null>(chooseAnyone ? null : selfId === null ? null : String(selfId));
  const [standInId, setStandInId] = useState<string | null>(null);
  const [startsOn, setStartsOn] = useState<string>(today);
  const [endsOn, setEndsOn] = useState<string>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  useDiscardGuard(() => standInId !== null || endsOn !== '' || startsOn !== today || (chooseAnyone && personId !== null));
  const people = approverChoices(approvers.data ?? []);
  const standInChoices = people.filter((choice) => choice.value !== personId);

  if (approvers.isPending) return <Loader size="sm" aria-label="Loading the managers and admins" />;
  if (approvers.isError) return <FormAlert>{serverMessage(approvers.error)}</FormAlert>;

  return (
    <form
      noValidate
      aria-label={APPROVALS_TEXTS.addStandIn}
      onSubmit={(event) => {
        event.preventDefault();
        setMessage(null);
        const own: Record<string, string> = {};
        if (chooseAnyone && personId === null) own.personId = STAND_IN_MESSAGES.person;
        if (standInId === null) own.standInId = STAND_IN_MESSAGES.standIn;
        if (!startsOn) own.startsOn = STAND_IN_MESSAGES.startsOn;
        if (!endsOn) own.endsOn = STAND_IN_MESSAGES.endsOn;
        setErrors(own);
        if (Object.keys(own).length > 0 || standInId === null) return;
        const body: StandInBody = {
          ...(chooseAnyone && personId !== null ? { personId: Number(personId) } : {}),
          standInId: Number(standInId),
          startsOn,
          endsOn,
        };
        add.mutate(body, {
          onSuccess: (saved) => {
            notifications.show({ color: 'green', message: `${saved.standInName} stands in for ${saved.personName}.` });
            onDone();
          },
          onError: (err) => {
            const failure = formFailure(err, STAND_IN_FIELDS, { useServerMessage: true });
            setErrors(failure.fieldErrors);
            setMessage(failure.message ? `Sorry ${failure.message}` : null);
          },
        });
      }}
    >
      <Stack gap="sm">
        {message ? <FormAlert>{message}</FormAlert> : null}
        {chooseAnyone ? (
          <Select
            label="Who is away"
            required
            placeholder="Choose a manager or admin"
            searchable
            data={people}
            value={personId}
            onChange={(value) => {
              setPersonId(value);
              if (value !== null && value === standInId) setStandInId(null);
            }}
            error={errors.personId}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
        ) : null}
        <Select
          label="Stand-in"
          description="A manager or admin who answers the requests that wait for the person away."
          required
          placeholder="Choose a manager or admin"
          searchable
          data={standInChoices}
          value={standInId}
          onChange={setStandInId}
          error={errors.standInId}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-autofocus={chooseAnyone ? undefined : true}
        />
        <SimpleGrid cols={2} spacing="sm">
          <DateInput
            label="From"
            required
            placeholder={DISPLAY_DATE_FORMAT}
            valueFormat={DISPLAY_DATE_FORMAT}
            dateParser={parseTypedDate}
            value={startsOn || null}
            onChange={(value) => setStartsOn(value ?? '')}
            error={errors.startsOn}
            popoverProps={{ withinPortal: true }}
          />
          <DateInput
            label="To"
            required
            placeholder={DISPLAY_DATE_FORMAT}
            valueFormat={DISPLAY_DATE_FORMAT}
            dateParser={parseTypedDate}
            value={endsOn || null}
            onChange={(value) => setEndsOn(value ?? '')}
            error={errors.endsOn}
            minDate={startsOn || undefined}
            popoverProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
