import { Container, List, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '@/components/page-title';
import { BASE_PRICE_USD, PER_USER_PRICE_USD, TRIAL_LENGTH_DAYS } from '../pricing';

export type LegalTopic = 'privacy' | 'terms' | 'license';

function Privacy() {
  return (
    <>
      <Text>
        Timekeep stores what your company enters to run its time clock, timesheets, time off and HR records:
        names, e-mail addresses, phone numbers, work hours, time-off requests and balances, HR policies,
        events and documents.
      </Text>
      <List spacing="xs">
        <List.Item>Your company’s data is used only to provide the service to your company. It is not sold or shared for advertising.</List.Item>
        <List.Item>Each company sees only its own data. Admins and managers see their employees’ records; employees see their own.</List.Item>
        <List.Item>
          The browser keeps your sign-in token and a few preferences (time zone offset, guided tour, single sign-on)
          in local storage, or in cookies for up to 365 days when local storage is unavailable. Logging out removes them.
        </List.Item>
        <List.Item>To have data corrected or removed, ask your company’s account owner, who can edit or delete it.</List.Item>
      </List>
    </>
  );
}

function Terms() {
  return (
    <List spacing="xs">
      <List.Item>
        A new company gets a {TRIAL_LENGTH_DAYS}-day free trial with no card and no contract. When the trial ends,
        the account is read-only until a subscription is activated.
      </List.Item>
      <List.Item>
        A subscription costs ${BASE_PRICE_USD} a month plus ${PER_USER_PRICE_USD} for each user, billed monthly. It can be
        cancelled at any time.
      </List.Item>
      <List.Item>Your company owns its data. The account owner is responsible for who is invited and what they may do.</List.Item>
      <List.Item>Do not use Timekeep to store data you have no right to keep, or to attack or overload the service.</List.Item>
      <List.Item>The service is provided as is; we work to keep it available and your data safe, and tell account owners about changes to these terms.</List.Item>
    </List>
  );
}

function License() {
  return (
    <>
      <Text>
        The Timekeep service is licensed to subscribing companies for use by their own staff for as long as the
        subscription or trial lasts.
      </Text>
      <Text>
        The web application is built with open-source software used under the MIT license, among them React,
        React Router, Mantine, TanStack Query, zod and Day.js. Their copyright notices ship with the application’s
        source.
      </Text>
    </>
  );
}

const TOPICS: Record<LegalTopic, { title: string; body: () => React.JSX.Element }> = {
  privacy: { title: 'Privacy', body: Privacy },
  terms: { title: 'Terms of Service', body: Terms },
  license: { title: 'License', body: License },
};

export function LegalPage({ topic }: { topic: LegalTopic }) {
  const { title, body: Body } = TOPICS[topic];
  usePageTitle(title);
  return (
    <Container size="sm" py={48}>
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        <Body />
      </Stack>
    </Container>
  );
}
