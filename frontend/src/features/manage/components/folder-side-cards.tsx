import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { fullName, STATUS_TERMINATED, type Contact, type Employee } from '../api/schemas';
import { EmailLink, PhoneLink } from './contact-links';
import { formatCalendarDate, TEXTS } from './labels';

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {value || '—'}
      </Text>
    </Stack>
  );
}

function addressOf(e: Employee): string {
  const line2 = [e.city, [e.state, e.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [e.address, line2].filter(Boolean).join('\n');
}

/** The Profile side card: birthday MM/DD, start date, manager and address. */
export function ProfileDetails({ employee }: { employee: Employee }) {
  return (
    <Card withBorder radius="md" p="lg" data-testid="profile-details">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Profile
        </Title>
        <Field label="Birthday" value={employee.birthday} />
        <Field label="Start Date" value={formatCalendarDate(employee.lastStartDate)} />
        {employee.status === STATUS_TERMINATED ? <Field label="Termination Date" value={formatCalendarDate(employee.lastTerminationDate)} /> : null}
        <Field label="Manager" value={employee.managerName} />
        <Field label="Address" value={addressOf(employee)} />
      </Stack>
    </Card>
  );
}

/** Emergency contacts, with the Edit link (to tab 2) for admins only. */
export function ContactsCard({ employeeId, contacts, canEdit }: { employeeId: number; contacts: Contact[]; canEdit: boolean }) {
  return (
    <Card withBorder radius="md" p="lg" data-testid="contacts-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            Emergency Contacts
          </Title>
          {canEdit ? (
            <Anchor component={Link} to={`/admin/manage/edit-user/${employeeId}?tab=2`} size="sm" aria-label="Edit emergency contacts">
              Edit
            </Anchor>
          ) : null}
        </Group>
        {contacts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {TEXTS.noContact}
          </Text>
        ) : (
          contacts.map((c) => (
            <Stack key={c.id} gap={0} data-testid="folder-contact">
              <Text size="sm" fw={600}>
                {fullName(c)}{' '}
                <Text span size="xs" c="dimmed">
                  ({c.relationship})
                </Text>
              </Text>
              <PhoneLink phone={c.phone} />
              <EmailLink email={c.email} />
            </Stack>
          ))
        )}
      </Stack>
    </Card>
  );
}
