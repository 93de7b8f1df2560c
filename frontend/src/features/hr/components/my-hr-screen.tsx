import { Grid, Stack, Title } from '@mantine/core';
import { usePageTitle } from '@/components/page-title';
import { MyDocsCard } from './my-docs-card';
import { MyEventsCard } from './my-events-card';

/**
 * /my-hr (000 §2): the signed-in person's 'My Events' and 'My Docs'. ('HR Policies & Procedures'
 * joins with the policies of a later part of issue 20.)
 */
export function MyHrScreen({ timeZone }: { timeZone: string }) {
  usePageTitle('My HR');
  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        My HR
      </Title>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <MyEventsCard timeZone={timeZone} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <MyDocsCard timeZone={timeZone} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
