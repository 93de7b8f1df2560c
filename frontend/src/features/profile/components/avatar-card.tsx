import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { ImageUploadButton } from '@/components/image-upload-button';
import { PersonAvatar } from '@/components/person-avatar';
import { formFailure } from '@/lib/form-errors';
import { useChangeMyAvatar, type Profile } from '../api/profile';

/** One's picture with Upload and (when there is one) Remove. */
export function AvatarCard({ profile }: { profile: Profile }) {
  const change = useChangeMyAvatar();
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const run = (file: File | null) => {
    setError(null);
    setRemoving(file === null);
    change.mutate(file, {
      onError: (err) => setError(`Sorry ${formFailure(err, [], { useServerMessage: true }).message ?? ''}`.trim()),
    });
  };
  return (
    <Stack gap="sm" align="center" data-testid="avatar-card">
      <PersonAvatar url={profile.avatar} firstname={profile.firstname} lastname={profile.lastname} size={120} />
      <Text size="xs" c="dimmed" ta="center">
        PNG, JPEG, GIF or WebP, up to 5 MB
      </Text>
      <Group gap="xs" justify="center">
        <ImageUploadButton
          label="Upload Avatar"
          loading={change.isPending && !removing}
          disabled={change.isPending}
          onProblem={(message) => setError(`Sorry ${message}`)}
          onFile={run}
        />
        {profile.avatar ? (
          <Button variant="default" size="xs" onClick={() => run(null)} loading={change.isPending && removing} disabled={change.isPending}>
            Remove Avatar
          </Button>
        ) : null}
      </Group>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </Stack>
  );
}
