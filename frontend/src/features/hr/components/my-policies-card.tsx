import { Anchor, Badge, Card, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { Pager } from '@/components/pager';
import { useMyPolicies } from '../api/get-my-policies';
import type { MyPolicy } from '../api/schemas';
import { failureMessage, HR_DOCK_WIDTH, HR_TEXTS } from './labels';
import { OpenTitle, pageCount } from './list-parts';
import { PolicyReview } from './policy-review';
import { isAwaitingMyAnswer, myPolicyAnswerText } from './policy-status';

function PaperclipIcon({ label }: { label: string }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" role="img" aria-label={label} focusable="false">
      <title>{label}</title>
      <path
        d="M21 11.5l-8.6 8.6a5 5 0 0 1-7.1-7.1l8.6-8.6a3.3 3.3 0 0 1 4.7 4.7l-8.6 8.6a1.7 1.7 0 0 1-2.4-2.4l7.9-7.9"
        stroke="currentColor"
        strokeWidth="2"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The 'Acknowledged' cell (000 §2, §4): the answer's date, 'Declined', or the status with an Acknowledge link. */
function AnswerCell({ policy, timeZone, onOpen }: { policy: MyPolicy; timeZone: string; onOpen: () => void }) {
  const text = myPolicyAnswerText(policy, timeZone);
  if (!isAwaitingMyAnswer(policy)) {
    return (
      <Text size="sm" c={policy.declined ? 'red.9' : policy.certifyDate ? 'teal.9' : undefined} data-testid="policy-answer-text">
        {text}
      </Text>
    );
  }
  return (
    <Stack gap={2} align="flex-start">
      <Group gap={6} wrap="wrap">
        <Text size="sm" data-testid="policy-answer-text">
          {text}
        </Text>
        {policy.overdue ? (
          <Badge color="red.9" variant="filled" size="sm">
            Overdue
          </Badge>
        ) : null}
      </Group>
      <Anchor component="button" type="button" size="sm" fw={600} onClick={onOpen} aria-label={`Acknowledge ${policy.title}`} aria-haspopup="dialog">
        Acknowledge
      </Anchor>
    </Stack>
  );
}

/**
 * My HR's 'HR Policies & Procedures' (000 §2): 10 a page, a table of the attachment icon, the
 * title and the 'Acknowledged' column. A policy waiting for an answer opens the acknowledge flow;
 * any other its 'Policy Detail' (650).
 */
export function MyPoliciesCard({ timeZone }: { timeZone: string }) {
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<MyPolicy | null>(null);
  const [opened, setOpened] = useState(false);
  const policies = useMyPolicies(page);
  const items = policies.data?.policies ?? [];
  const pages = pageCount(policies.data?.count ?? 0);
  const open = (policy: MyPolicy) => {
    setShown(policy);
    setOpened(true);
  };
  const flow = shown !== null && isAwaitingMyAnswer(shown);

  return (
    <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="my-policies-card">
      <Stack gap="md">
        <Title order={2} fz="lg">
          HR Policies &amp; Procedures
        </Title>
        {policies.isPending ? (
          <Loader size="sm" aria-label="Loading my policies" />
        ) : policies.isError ? (
          <FormAlert>{failureMessage(policies.error)}</FormAlert>
        ) : items.length === 0 ? (
          <Text c="dimmed">{HR_TEXTS.noMyPolicies}</Text>
        ) : (
          <Table verticalSpacing="xs" data-testid="my-policies">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={28} px={4}>
                  <VisuallyHidden>Attachment</VisuallyHidden>
                </Table.Th>
                <Table.Th>Title</Table.Th>
                <Table.Th w={{ base: 130, sm: 190 }}>Acknowledged</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((policy) => (
                <Table.Tr key={policy.workflowId} data-testid="my-policy">
                  <Table.Td px={4} c="gray.7">
                    {policy.docFileName ? <PaperclipIcon label={`Attached: ${policy.docFileName}`} /> : null}
                  </Table.Td>
                  <Table.Td>
                    <OpenTitle onOpen={() => open(policy)}>{policy.title}</OpenTitle>
                  </Table.Td>
                  <Table.Td>
                    <AnswerCell policy={policy} timeZone={timeZone} onOpen={() => open(policy)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {pages > 1 ? <Pager total={pages} value={Math.min(page, pages)} onChange={setPage} /> : null}
      </Stack>
      <Dock opened={opened} onClose={() => setOpened(false)} title={flow ? 'Acknowledge Policy' : 'Policy Detail'} width={HR_DOCK_WIDTH} testId="policy-detail-dock">
        {shown ? <PolicyReview workflowId={shown.workflowId} timeZone={timeZone} onAnswered={() => setOpened(false)} /> : null}
      </Dock>
    </Card>
  );
}
