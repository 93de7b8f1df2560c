import { Grid, Stack, Title } from '@mantine/core';
import { usePageTitle } from '@/components/page-title';
import { MyDocsCard } from './my-docs-card';
import { MyEventsCard } from './my-events-card';
import { MyPoliciesCard } from './my-policies-card';

/** /my-hr (000 §2): the signed-in person's 'My Events', 'HR Policies & Procedures' and 'My Docs'. */
export function MyHrScreen({ timeZone }: { timeZone: string }) {
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
    </Stack>
  );
}
