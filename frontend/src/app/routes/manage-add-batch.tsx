import './manage-styles';
import { AddBatchScreen } from '@/features/manage/components/add-batch-screen';
import { useIdentity } from '@/lib/session';

/** /admin/manage/add-batch: Add Multiple Employees. */
export function ManageAddBatchRoute() {
  const identity = useIdentity();
  return <AddBatchScreen identity={identity} />;
}
