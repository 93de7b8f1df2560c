import { Button, Card, Group, Loader, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { serverMessage } from '@/lib/form-errors';
import {
  CELEBRATION_TYPES,
  MESSAGE_MAX,
  systemMessageOf,
  useCompanyMessage,
  useDeleteCompanyMessage,
  useSaveCompanyMessage,
  useSystemMessages,
  type CelebrationType,
  type CompanyMessage,
  type MessageSource,
} from '../api/celebrations';
import { CELEBRATION_TEXTS, TYPE_LOOKS } from './labels';
import { EffectiveMessage, SystemDefault } from './message-parts';
import { useMessageEditor } from './use-message-editor';

const COMPANY_SOURCE_LABELS: Record<MessageSource, string> = {
  custom: "The company's message",
  company: "The company's message",
  system: 'The system default',
};

function CompanyMessageForm({ type, current, systemDefault }: { type: CelebrationType; current: CompanyMessage; systemDefault: string | null }) {
  const save = useSaveCompanyMessage(type);
  const remove = useDeleteCompanyMessage(type);
  const { text, setText, fieldError, setFieldError, error, confirming, setConfirming, submit, removeCustom } = useMessageEditor(
    current,
    save,
    remove,
    CELEBRATION_TEXTS.reset,
  );
  const label = TYPE_LOOKS[type].label;

  return (
    <form noValidate onSubmit={submit} aria-label={`${label} message`}>
      <Stack gap="md">
        <EffectiveMessage effective={current.effective} source={current.source} sourceLabels={COMPANY_SOURCE_LABELS} />
        <Textarea
          label={`Company ${label.toLowerCase()} message`}
          description={CELEBRATION_TEXTS.placeholders}
          autosize
          minRows={5}
          maxRows={14}
          maxLength={MESSAGE_MAX}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setFieldError(null);
          }}
          error={fieldError}
          withAsterisk
        />
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Group justify="space-between">
          {current.message ? (
            <Button variant="outline" color="red.9" onClick={() => setConfirming(true)} disabled={save.isPending}>
              Reset to default
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={save.isPending} disabled={remove.isPending}>
            Save
          </Button>
        </Group>
        <SystemDefault message={systemDefault} />
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Reset to the system default?"
        message={`The company's ${label.toLowerCase()} message is deleted; people without a message of their own get the system default.`}
        confirmLabel="Reset"
        danger
        loading={remove.isPending}
        onConfirm={removeCustom}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}

function CompanyMessageCard({ type, systemDefault }: { type: CelebrationType; systemDefault: string | null }) {
  const current = useCompanyMessage(type);
  return (
    <Card withBorder radius="md" p="lg" data-testid="company-message" data-type={type}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {TYPE_LOOKS[type].label} message
        </Title>
        {current.isPending ? (
          <Loader size="sm" aria-label={`Loading the ${TYPE_LOOKS[type].label.toLowerCase()} message`} />
        ) : current.isError ? (
          <FormAlert>{serverMessage(current.error)}</FormAlert>
        ) : (
          <CompanyMessageForm key={current.data.message?.id ?? 'none'} type={type} current={current.data} systemDefault={systemDefault} />
        )}
      </Stack>
    </Card>
  );
}

/**
 * /company-celebrations (admins, spec 002 §2, §7): the company-wide birthday and anniversary
 * messages — the one in use, an editor to save the company's own, 'Reset to default' back to the
 * system's message, which is shown beside.
 */
export function CompanyCelebrationsScreen() {
  const system = useSystemMessages('company');
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Company Celebrations
        </Title>
        <Text c="dimmed" size="sm">
          The messages everyone gets by e-mail at 08:00 on their birthday and work anniversary, unless a message was written for them.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {CELEBRATION_TYPES.map((type) => (
          <CompanyMessageCard key={type} type={type} systemDefault={systemMessageOf(system.data?.messages, type)} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
