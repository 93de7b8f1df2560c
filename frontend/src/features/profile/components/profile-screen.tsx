import { Button, Grid, Group, Loader, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { FormAlert } from '@/components/form-alert';
import { loadErrorMessage } from '@/components/load-error-modal';
import { formFailure } from '@/lib/form-errors';
import { formatPhone } from '@/lib/phone';
import {
  PROFILE_FIELDS,
  PROFILE_UPDATED,
  profileFormSchema,
  toProfileForm,
  useMyProfile,
  emailChangePending,
  useUpdateMyProfile,
  type MyProfile,
  type ProfileForm,
} from '../api/profile';
import { AvatarCard } from './avatar-card';

interface ProfileFormProps {
  mine: MyProfile;
  onUpdated: () => void;
}

/**
 * Spec 000 §5 "Profile": names, e-mail, phone, address and state are required; the birthday is
 * 'MM/DD'. Names and e-mail are read-only for a company integrated with the partner CRM, the
 * e-mail also for single-sign-on users.
 */
function MyProfileForm({ mine, onUpdated }: ProfileFormProps) {
  const update = useUpdateMyProfile();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ProfileForm>({
    mode: 'controlled',
    initialValues: toProfileForm(mine.profile),
    validate: schemaResolver(profileFormSchema, { sync: true }),
  });
  const namesLocked = mine.integratedWithAz;
  const emailLocked = mine.integratedWithAz || mine.profile.isSsoUser;

  if (update.isSuccess) {
    const sentTo = update.data.emailChangeSentTo;
    return (
      <Stack gap="sm">
        {sentTo ? <FormAlert color="blue">{emailChangePending(sentTo)}</FormAlert> : null}
        <FormAlert color="green">{PROFILE_UPDATED}</FormAlert>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      aria-label="Update My Profile"
      onSubmit={form.onSubmit((values) => {
        setError(null);
        update.mutate(values, {
          onSuccess: () => onUpdated(),
          onError: (err) => {
            const failure = formFailure(err, PROFILE_FIELDS, { useServerMessage: true });
            form.setErrors(failure.fieldErrors);
            setError(failure.message ? `Sorry ${failure.message}` : null);
          },
        });
      })}
    >
      <Stack gap="md">
        {error && !update.isPending ? <FormAlert>{error}</FormAlert> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="First Name" required readOnly={namesLocked} autoComplete="given-name" {...form.getInputProps('firstname')} />
          <TextInput label="Last Name" required readOnly={namesLocked} autoComplete="family-name" {...form.getInputProps('lastname')} />
          <TextInput label="Email" required readOnly={emailLocked} type="email" autoComplete="email" {...form.getInputProps('email')} />
          <TextInput
            label="Phone"
            required
            type="tel"
            autoComplete="tel"
            placeholder="(555) 123-4567"
            {...form.getInputProps('phone')}
            onChange={(event) => form.setFieldValue('phone', formatPhone(event.currentTarget.value))}
          />
          <TextInput label="Birthday" description="Month/Day, e.g. 03/15" placeholder="MM/DD" inputMode="numeric" {...form.getInputProps('birthday')} />
        </SimpleGrid>
        <TextInput label="Address" required autoComplete="street-address" {...form.getInputProps('address')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput label="City" autoComplete="address-level2" {...form.getInputProps('city')} />
          <TextInput label="State" required autoComplete="address-level1" {...form.getInputProps('state')} />
          <TextInput label="Zip" autoComplete="postal-code" {...form.getInputProps('zip')} />
        </SimpleGrid>
        {namesLocked ? (
          <FormAlert color="blue">Your name and e-mail come from your agency-management system and cannot be changed here.</FormAlert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Update Profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface ProfileScreenProps {
  /** Called once the profile is saved (the route then goes home after 2 seconds). */
  onUpdated: () => void;
  /** One's emergency contacts, composed by the route. */
  contacts: ReactNode;
  /** One's two-factor sign-in, composed by the route. */
  twoFactor?: ReactNode;
}

/**
 * /my-profile, 'Update My Profile' (spec 000 §2): the profile, the avatar, one's emergency contacts
 * and one's two-factor sign-in.
 */
export function ProfileScreen({ onUpdated, contacts, twoFactor = null }: ProfileScreenProps) {
  const mine = useMyProfile();
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        Update My Profile
      </Title>
      {mine.isPending ? (
        <Loader role="status" aria-label="Loading your profile" />
      ) : mine.isError ? (
        <FormAlert>{loadErrorMessage(mine.error)}</FormAlert>
      ) : (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, sm: 'content' }}>
              <AvatarCard profile={mine.data.profile} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 'auto' }}>
              <MyProfileForm mine={mine.data} onUpdated={onUpdated} />
            </Grid.Col>
          </Grid>
        </Paper>
      )}
      {contacts ? (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-label="Emergency Contacts">
          {contacts}
        </Paper>
      ) : null}
      {twoFactor ? (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-label="Two-factor sign-in">
          {twoFactor}
        </Paper>
      ) : null}
    </Stack>
  );
}
