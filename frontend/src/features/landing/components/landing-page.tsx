import { Badge, Box, Button, Card, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { BASE_PRICE_USD, monthlyPrice, PER_USER_PRICE_USD, TRIAL_LENGTH_DAYS } from '../pricing';

const FEATURES: { title: string; text: string }[] = [
  {
    title: 'Time clock',
    text: 'Employees clock in and out and take breaks from any browser. The hours worked this week are always in view.',
  },
  {
    title: 'Weekly timesheets',
    text: 'Sunday-to-Saturday timesheets with comments and a change history. Employees request edits; managers approve or reject them.',
  },
  {
    title: 'Paid time off',
    text: 'Time-off requests, balances per type, accrual plans and paid holidays. Everyone sees who else is out.',
  },
  {
    title: 'HR policies and records',
    text: 'Broadcast policies and collect acknowledgements, request documents and keep each employee’s HR folder in one place.',
  },
  {
    title: 'Team calendar and celebrations',
    text: 'Time off, holidays, birthdays and work anniversaries on one calendar for the whole team.',
  },
  {
    title: 'Built for agencies',
    text: 'Import your company and staff from AgencyZoom and sign in with single sign-on.',
  },
];

const EXAMPLES = [1, 3, 5];

function Hero() {
  return (
    <Box py={{ base: 48, sm: 80 }} style={{ background: 'var(--mantine-color-blue-0)' }}>
      <Container size="md">
        <Stack align="center" gap="lg">
          <Title order={1} ta="center" fz={{ base: 32, sm: 48 }} lh={1.15}>
            Time clock, time off and HR for small companies
          </Title>
          <Text ta="center" fz="lg" maw={640}>
            Timekeep keeps your team’s hours, paid time off and HR paperwork in one simple place, made for
            insurance agencies and other small offices.
          </Text>
          <Group justify="center">
            <Button component={Link} to="/signup" size="lg">
              Start Free Trial
            </Button>
            <Button component={Link} to="/login" size="lg" variant="default">
              Log In
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {TRIAL_LENGTH_DAYS}-day free trial. No card, no contract.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}

function Features() {
  return (
    <Container size="lg" py={64} component="section" id="features" aria-labelledby="features-title">
      <Title order={2} id="features-title" ta="center" mb="xl">
        Features
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {FEATURES.map((feature) => (
          <Card key={feature.title} withBorder padding="lg" component="article">
            <Title order={3} fz="lg" mb="xs">
              {feature.title}
            </Title>
            <Text size="sm">{feature.text}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}

function Pricing() {
  return (
    <Box component="section" id="pricing" aria-labelledby="pricing-title" py={64} style={{ background: 'var(--mantine-color-gray-0)' }}>
      <Container size="sm">
        <Title order={2} id="pricing-title" ta="center" mb="xl">
          Pricing
        </Title>
        <Card withBorder padding="xl" radius="md">
          <Stack gap="md" align="center">
            <Badge size="lg" variant="filled">
              {TRIAL_LENGTH_DAYS}-day free trial
            </Badge>
            <Text ta="center" fz={28} fw={700}>
              ${BASE_PRICE_USD} a month + ${PER_USER_PRICE_USD} per user
            </Text>
            <Text ta="center">Most agencies pay less than $25 a month.</Text>
            <List spacing={4} size="sm">
              {EXAMPLES.map((users) => (
                <List.Item key={users}>
                  {users} {users === 1 ? 'user' : 'users'}: ${BASE_PRICE_USD} + {users} × ${PER_USER_PRICE_USD} = $
                  {monthlyPrice(users)} a month
                </List.Item>
              ))}
              <List.Item>No card to start, no contract: cancel any time.</List.Item>
            </List>
            <Button component={Link} to="/signup" size="md">
              Start Free Trial
            </Button>
          </Stack>
        </Card>
      </Container>
    </Box>
  );
}

export function LandingPage() {
  usePageTitle('Time clock, PTO and HR for small companies');
  return (
    <>
      <Hero />
      <Features />
      <Pricing />
    </>
  );
}
