import './screen-styles';
// The 'Hours per day' chart (Mantine charts: legend, tooltip, axes).
import '@mantine/charts/styles.css';
import { usePageTitle } from '@/components/page-title';
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';
import { isoDateIn } from '@/lib/dates';
import { useIdentity } from '@/lib/session';

/** /admin/dashboard (admins and managers). */
export function DashboardRoute() {
  const identity = useIdentity();
  usePageTitle('Dashboard');
  return <DashboardScreen identity={identity} today={isoDateIn(new Date(), identity.timezone)} />;
}
