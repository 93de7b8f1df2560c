import './system-styles';
import { EmployeesScreen } from '@/features/system/components/employees-screen';

/** /sy5tem/employees: every user of every company. */
export const EmployeesRoute = () => <EmployeesScreen />;
