import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { useSession } from '@/lib/session';
import { AppShellLayout } from '../shell/app-shell';
import { PublicLayout } from './public-layout';

export const NOT_FOUND_TEXT = 'Sorry, we could not find the page you are looking for.';

export function NotFoundRoute() {
  usePageTitle('Page not found');
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="lg">
        <Title order={1}>Page not found</Title>
        <Text ta="center">{NOT_FOUND_TEXT}</Text>
        <Button component={Link} to="/">
          Back to Dashboard
        </Button>
      </Stack>
    </Container>
  );
}

/** An unknown path: the not-found page in the signed-in shell, or in the visitors' frame. */
export function NotFoundPage() {
  const session = useSession();
  return session ? (
    <AppShellLayout>
      <NotFoundRoute />
    </AppShellLayout>
  ) : (
    <PublicLayout>
      <NotFoundRoute />
    </PublicLayout>
  );
}
