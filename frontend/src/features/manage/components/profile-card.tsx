import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { ImageUploadButton } from '@/components/image-upload-button';
import { PersonAvatar } from '@/components/person-avatar';
import { isAdmin, isPrivileged, type Identity } from '@/lib/identity';
import { STATUS_ACTIVE, STATUS_TERMINATED, fullName, type Employee } from '../api/schemas';
import { TERMINATE_CONFIRMATION, useTerminateEmployee } from '../api/terminate-employee';
import { useUploadEmployeeAvatar } from '../api/upload-avatar';
import { EmailLink, PhoneLink } from './contact-links';
import { failureMessage, sorry } from './labels';

/** Terminate shows only to admins viewing someone else who is active (spec 001 §2). */
export const canTerminate = (viewer: Identity, employee: Employee): boolean =>
  isAdmin(viewer) && viewer.eid !== employee.id && employee.status === STATUS_ACTIVE;

/** The folder's main card: picture (privileged users upload one), name, role, contact links and actions. */
export function ProfileCard({ employee, viewer }: { employee: Employee; viewer: Identity }) {
  const navigate = useNavigate();
  const upload = useUploadEmployeeAvatar(employee.id);
  const terminate = useTerminateEmployee();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = fullName(employee);

  const onFile = (file: File) => {
    setError(null);
    upload.mutate(file, { onError: (err) => setError(sorry(failureMessage(err))) });
  };

  return (
    <Card withBorder radius="md" p="lg" data-testid="profile-card">
      <Stack gap="sm" align="center" ta="center">
        <PersonAvatar url={employee.avatar} firstname={employee.firstname} lastname={employee.lastname} size={96} />
        {isPrivileged(viewer) ? (
          <ImageUploadButton label="Upload Picture" onFile={onFile} onProblem={(message) => setError(sorry(message))} loading={upload.isPending} />
        ) : null}
        <Stack gap={2} align="center">
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {name}
          </Title>
          <Text size="sm">{employee.permission}</Text>
          {employee.jobroleName ? (
            <Text size="sm" c="dimmed">
              {employee.jobroleName}
            </Text>
          ) : null}
          {employee.status === STATUS_TERMINATED ? (
            <Text size="sm" fw={600} c="red.9" data-testid="terminated">
              Terminated
            </Text>
          ) : null}
        </Stack>
        <Stack gap={2} align="center">
          <PhoneLink phone={employee.phone} />
          <EmailLink email={employee.email} />
        </Stack>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Group gap="sm" justify="center">
          <Button component={Link} to={`/admin/manage/edit-user/${employee.id}`} variant="light">
            Edit Profile
          </Button>
          {canTerminate(viewer, employee) ? (
            <Button
              color="red.9"
              variant="outline"
              onClick={() => {
                setError(null);
                setConfirming(true);
              }}
            >
              Terminate
            </Button>
          ) : null}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Are you sure?"
        message={TERMINATE_CONFIRMATION}
        confirmLabel="Terminate"
        danger
        loading={terminate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          terminate.mutate(employee.id, {
            onSuccess: () => navigate('/admin/manage'),
            onError: (err) => {
              setConfirming(false);
              setError(sorry(failureMessage(err)));
            },
          })
        }
      />
    </Card>
  );
}
