import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { usePageTitle } from '@/components/page-title';
import { ReportsScreen } from '@/features/reports/components/reports-screen';
import { isoDateIn } from '@/lib/dates';
import { useIdentity } from '@/lib/session';

/** /admin/reports (admins and managers): summary, timesheet and PTO reports, their exports and the payroll file of a chosen pay period. */
export function ReportsRoute() {
  const identity = useIdentity();
  usePageTitle('Reports');
  return <ReportsScreen today={isoDateIn(new Date(), identity.timezone)} />;
}
