import { Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FormAlert } from '@/components/form-alert';
import { serverMessage } from '@/lib/form-errors';
import {
  CELEBRATION_TYPES,
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
import { MessageForm, type MessageFormTexts } from './message-form';

const COMPANY_SOURCE_LABELS: Record<MessageSource, string> = {
  custom: "The company's message",
  company: "The company's message",
  system: 'The system default',
};

function CompanyMessageForm({ type, current, systemDefault }: { type: CelebrationType; current: CompanyMessage; systemDefault: string | null }) {
  const save = useSaveCompanyMessage(type);
  const remove = useDeleteCompanyMessage(type);
  const label = TYPE_LOOKS[type].label;
  const texts: MessageFormTexts = {
    form: `${label} message`,
    field: `Company ${label.toLowerCase()} message`,
    remove: 'Reset to default',
    removed: CELEBRATION_TEXTS.reset,
    confirmTitle: 'Reset to the system default?',
    confirmMessage: `The company's ${label.toLowerCase()} message is deleted; people without a message of their own get the system default.`,
    confirmLabel: 'Reset',
  };
  return <MessageForm current={current} save={save} remove={remove} texts={texts} systemDefault={systemDefault} sourceLabels={COMPANY_SOURCE_LABELS} />;
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
