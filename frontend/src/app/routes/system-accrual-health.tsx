import './system-styles';
import { AccrualHealthScreen } from '@/features/system/components/accrual-health-screen';

/** /sy5tem/accrual-health: the accrual job's runs, errors and incidents. */
export const AccrualHealthRoute = () => <AccrualHealthScreen />;
