import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { usePageTitle } from '@/components/page-title';
import { ReportsScreen } from '@/features/reports/components/reports-screen';

/** /admin/reports (admins and managers): summary, timesheet and PTO reports, their exports and the payroll file. */
export function ReportsRoute() {
  usePageTitle('Reports');
  return <ReportsScreen />;
}
