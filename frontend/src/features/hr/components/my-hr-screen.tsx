import { Grid, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/components/page-title';
import { MyDocsCard } from './my-docs-card';
import { MyEventsCard } from './my-events-card';
import { MyPoliciesCard } from './my-policies-card';

/**
 * /my-hr (000 §2): the signed-in person's 'My Events', 'HR Policies & Procedures' and 'My Docs';
 * below them what the route adds (`children`: the person's licensing, issue 42).
 */
export function MyHrScreen({ timeZone, children }: { timeZone: string; children?: ReactNode }) {
  usePageTitle('My HR');
  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        My HR
      </Title>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6, xl: 4 }}>
          <MyEventsCard timeZone={timeZone} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, xl: 4 }}>
          <MyPoliciesCard timeZone={timeZone} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, xl: 4 }}>
          <MyDocsCard timeZone={timeZone} />
        </Grid.Col>
      </Grid>
      {children}
    </Stack>
  );
}
