import './system-styles';
import { CustomersScreen } from '@/features/system/components/customers-screen';

/** /sy5tem/adm1n: Customers, the system admin's home (spec 000 §2). */
export const CustomersRoute = () => <CustomersScreen />;
