import './manage-styles';
import { PtoAllocationScreen } from '@/features/pto/components/pto-allocation-screen';

/** /admin/manage/batch-pto (001 §2): PTO Allocation, starting balances for many people at once (admins). */
export function PtoAllocationRoute() {
  return <PtoAllocationScreen />;
}
