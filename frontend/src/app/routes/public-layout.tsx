import type { ReactNode } from 'react';
import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { Brand } from '@/components/brand';
import { isEmbedded } from '@/lib/embed';

/** Header with the visitor menu (spec 000 §2): Features, Pricing, Log In, Start Free Trial. */
function VisitorHeader() {
  return (
    <Box component="header" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg" py="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Brand compact />
          <Group component="nav" aria-label="Visitor menu" gap="md" wrap="nowrap">
            <Anchor component={Link} to="/#features" visibleFrom="sm" c="var(--mantine-color-text)">
              Features
            </Anchor>
            <Anchor component={Link} to="/#pricing" visibleFrom="sm" c="var(--mantine-color-text)">
              Pricing
            </Anchor>
            <Anchor component={Link} to="/login" c="var(--mantine-color-text)" fw={600} style={{ whiteSpace: 'nowrap' }}>
              Log In
            </Anchor>
            <Button component={Link} to="/signup" size="sm" px="sm">
              Start Free Trial
            </Button>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

/** Visitor footer: privacy, terms and license. */
function VisitorFooter() {
  return (
    <Box component="footer" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg" py="lg">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} Timekeep
          </Text>
          <Group component="nav" aria-label="Legal" gap="lg">
            <Anchor component={Link} to="/privacy" size="sm">
              Privacy
            </Anchor>
            <Anchor component={Link} to="/terms" size="sm">
              Terms
            </Anchor>
            <Anchor component={Link} to="/license" size="sm">
              License
            </Anchor>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

/**
 * The frame of every page a visitor sees: landing, sign-in, sign-up, password and legal pages.
 * In a frame of another page (embedded mode, lib/embed.ts) the visitor menu and footer — the
 * product's marketing and legal links — give way to the sign-in alone.
 */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const embedded = isEmbedded();
  return (
    <Box style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }} data-embedded={embedded ? 'true' : undefined}>
      {embedded ? null : <VisitorHeader />}
      <Box component="main" id="main-content" style={{ flex: 1 }}>
        {children ?? <Outlet />}
      </Box>
      {embedded ? null : <VisitorFooter />}
    </Box>
  );
}
