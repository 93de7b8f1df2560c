import './manage-styles';
import { Stack } from '@mantine/core';
import { AccrualHealthAlert } from '@/features/pto/components/accrual-health-alert';
import { PtoManageScreen } from '@/features/pto/components/pto-manage-screen';
import { isAdmin } from '@/lib/identity';
import { useIdentity } from '@/lib/session';

/**
 * /admin/ptomanage (002 §2): plans, PTO types and paid holidays; admins change them, managers see
 * them. Above the screen, for admins only, the accrual job's warning when it has one.
 */
export function PtoManageRoute() {
  const identity = useIdentity();
  const admin = isAdmin(identity);
  return (
    <Stack gap="lg">
      <AccrualHealthAlert enabled={admin} />
      <PtoManageScreen canEdit={admin} />
    </Stack>
  );
}
