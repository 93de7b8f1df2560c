import './manage-styles';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { BroadcastHistoryScreen } from '@/features/hr/components/broadcast-history-screen';
import { useIdentity } from '@/lib/session';

/** /admin/manage/hr-policy (002 §2): the HR Broadcast History, for admins and managers (?startAdd=1 opens the add panel). */
export function HrPolicyRoute() {
  const identity = useIdentity();
  return <BroadcastHistoryScreen timeZone={identity.timezone} selfId={identity.eid} />;
}
