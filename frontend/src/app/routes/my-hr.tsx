import './screen-styles';
import { MyHrScreen } from '@/features/hr/components/my-hr-screen';
import { useIdentity } from '@/lib/session';

/** /my-hr (000 §2): the signed-in person's own HR events and documents; every member of a company. */
export function MyHrRoute() {
  const identity = useIdentity();
  return <MyHrScreen timeZone={identity.timezone} />;
}
