import './screen-styles';
import { MyHrScreen } from '@/features/hr/components/my-hr-screen';
import { MyLicensingCard } from '@/features/licensing/components/licensing-folder';
import { useIdentity } from '@/lib/session';

/**
 * /my-hr (000 §2): the signed-in person's own HR events and documents, and their licensing when
 * they hold any (issue 42); every member of a company.
 */
export function MyHrRoute() {
  const identity = useIdentity();
  return (
    <MyHrScreen timeZone={identity.timezone}>
      <MyLicensingCard employeeId={identity.eid} timeZone={identity.timezone} />
    </MyHrScreen>
  );
}
