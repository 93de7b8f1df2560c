import { Box, Button, Center, Grid, Group, Image, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { ImageUploadButton } from '@/components/image-upload-button';
import { useFileUrl } from '@/lib/files';
import { formFailure } from '@/lib/form-errors';
import { isAdmin, type Identity } from '@/lib/identity';
import { formatPhone } from '@/lib/phone';
import {
  COMPANY_FIELDS,
  COMPANY_UPDATED,
  companyFormSchema,
  toCompanyForm,
  useCompanyProfile,
  useUpdateCompany,
  useUploadCompanyLogo,
  type Company,
  type CompanyForm,
} from '../api/company';
import { CompanySecuritySettings } from './company-security';

export const MANAGER_READ_ONLY_NOTE = 'Only the account admin can change the company profile.';

const sorry = (message: string | null) => (message ? `Sorry ${message}` : null);

/** The company logo, loaded with the session's token; admins upload a new one. */
function CompanyLogo({ company, editable }: { company: Company; editable: boolean }) {
  const { src, isLoading } = useFileUrl(company.logo);
  const upload = useUploadCompanyLogo();
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap="sm" align="center" data-testid="company-logo">
      <Box w={160} h={160} style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
        {src ? (
          <Image src={src} alt={`${company.name || 'Company'} logo`} w={160} h={160} fit="contain" />
        ) : (
          <Center h="100%">{isLoading ? <Loader size="sm" role="status" aria-label="Loading the logo" /> : <Text c="dimmed" size="sm">No logo</Text>}</Center>
        )}
      </Box>
      {editable ? (
        <ImageUploadButton
          label="Upload Logo"
          loading={upload.isPending}
          onProblem={(message) => setError(sorry(message))}
          onFile={(file) => {
            setError(null);
            upload.mutate(file, {
              onError: (err) => setError(sorry(formFailure(err, [], { useServerMessage: true }).message)),
            });
          }}
        />
      ) : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
    </Stack>
  );
}

function CompanyProfileForm({ company, editable }: { company: Company; editable: boolean }) {
  const update = useUpdateCompany();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<CompanyForm>({
    mode: 'controlled',
    initialValues: toCompanyForm(company),
    validate: schemaResolver(companyFormSchema, { sync: true }),
  });
  const field = (name: keyof CompanyForm) => ({ ...form.getInputProps(name), readOnly: !editable });

  return (
    <form
      noValidate
      aria-label="Company profile"
      onSubmit={form.onSubmit((values) => {
        setError(null);
        setSaved(false);
        update.mutate(values, {
          onSuccess: (next) => {
            form.setInitialValues(toCompanyForm(next));
            form.setValues(toCompanyForm(next));
            setSaved(true);
          },
          onError: (err) => {
            const failure = formFailure(err, COMPANY_FIELDS, { useServerMessage: true });
            form.setErrors(failure.fieldErrors);
            setError(sorry(failure.message));
          },
        });
      })}
    >
      <Stack gap="md">
        {saved ? <FormAlert color="green">{COMPANY_UPDATED}</FormAlert> : null}
        {error && !update.isPending ? <FormAlert>{error}</FormAlert> : null}
        <TextInput label="Company Name" required={editable} autoComplete="organization" {...field('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Email" required={editable} type="email" autoComplete="email" {...field('email')} />
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="tel"
            placeholder={editable ? '(555) 123-4567' : undefined}
            {...field('phone')}
            onChange={(event) => form.setFieldValue('phone', formatPhone(event.currentTarget.value))}
          />
          <TextInput label="Facebook" placeholder={editable ? 'https://facebook.com/…' : undefined} {...field('facebook')} />
          <TextInput label="LinkedIn" placeholder={editable ? 'https://linkedin.com/company/…' : undefined} {...field('linkedin')} />
        </SimpleGrid>
        <TextInput label="Address" autoComplete="address-line1" {...field('address1')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput label="City" autoComplete="address-level2" {...field('city')} />
          <TextInput label="State" required={editable} autoComplete="address-level1" {...field('state')} />
          <TextInput label="Zip" autoComplete="postal-code" {...field('zip')} />
        </SimpleGrid>
        {editable ? (
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}

/**
 * /admin/manage/company-profile, 'My Company' (spec 001 §2): the logo and the company's contact
 * details. Managers see them; only admins change them (the server refuses anyone else). Admins
 * also have the company's Security settings (two-factor sign-in).
 */
export function CompanyProfileScreen({ identity }: { identity: Identity }) {
  const profile = useCompanyProfile();
  const editable = isAdmin(identity);
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        My Company
      </Title>
      {!editable ? (
        <FormAlert color="blue">{MANAGER_READ_ONLY_NOTE}</FormAlert>
      ) : null}
      {profile.isPending ? (
        <Loader role="status" aria-label="Loading the company profile" />
      ) : profile.isError ? (
        <FormAlert>{sorry(formFailure(profile.error, [], { useServerMessage: true }).message)}</FormAlert>
      ) : (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, sm: 'content' }}>
              <CompanyLogo company={profile.data} editable={editable} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 'auto' }}>
              <CompanyProfileForm company={profile.data} editable={editable} />
            </Grid.Col>
          </Grid>
        </Paper>
      )}
      {editable ? (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-label="Security">
          <CompanySecuritySettings />
        </Paper>
      ) : null}
    </Stack>
  );
}
