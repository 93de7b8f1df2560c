import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { PaidHolidaysSection } from './paid-holidays-section';
import { PtoPlansSection } from './plan-cards';
import { PtoTypesSection } from './pto-types-section';

/** A `return` target must stay inside the app. */
const safeReturn = (value: string | null): string | null => (value && value.startsWith('/') && !value.startsWith('//') ? value : null);

/**
 * PTO management (/admin/ptomanage, 002 §2): the plans with '+ Create New PTO Plan' (the wizard),
 * the PTO types and the paid holidays. Admins change them; managers see them. Admins also reach
 * the sick leave compliance report (issue 38) from here.
 */
export function PtoManageScreen({ canEdit }: { canEdit: boolean }) {
  usePageTitle('PTO');
  const [search] = useSearchParams();
  const back = safeReturn(search.get('return'));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          PTO
        </Title>
        <Group gap="md">
          {canEdit ? (
            <Button component={Link} to="/admin/ptomanage/sick-leave" variant="light">
              Sick leave compliance
            </Button>
          ) : null}
          {back ? (
            <Anchor component={Link} to={back}>
              Back
            </Anchor>
          ) : null}
        </Group>
      </Group>
      <PtoPlansSection canEdit={canEdit} />
      <PtoTypesSection canEdit={canEdit} />
      <PaidHolidaysSection canEdit={canEdit} />
    </Stack>
  );
}
