import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from './page-title';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card that holds the sign-in, sign-up and password forms. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  usePageTitle(title);
  return (
    <Container size={460} px="md" py={40}>
      <Stack gap="xs" mb="lg" align="center">
        <Title order={1} ta="center" fz={28}>
          {title}
        </Title>
        {subtitle ? (
          <Text ta="center" c="dimmed" size="sm">
            {subtitle}
          </Text>
        ) : null}
      </Stack>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
        {children}
      </Paper>
      {footer ? (
        <Stack gap={4} mt="md" align="center">
          {footer}
        </Stack>
      ) : null}
    </Container>
  );
}
