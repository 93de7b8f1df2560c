import './screen-styles';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { TwoFactorCard } from '@/features/auth/components/two-factor-card';
import { ContactsEditor } from '@/features/manage/components/contacts-editor';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { isPrivileged, type Identity } from '@/lib/identity';
import { useIdentity } from '@/lib/session';

/** Spec 000 §9: the profile redirect waits 2 seconds. */
export const PROFILE_REDIRECT_DELAY_MS = 2000;

/** After an update: HR Folders for admins and managers, My Team for everyone else (spec 000 §2). */
export const profileHomePath = (who: Pick<Identity, 'roles'>): string => (isPrivileged(who) ? '/admin/manage' : '/my-team');

/**
 * /my-profile: 'Update My Profile' (not for the system admin): the profile and avatar, one's own
 * emergency contacts (everyone edits their own; the HR folders' contact editor and dock) and one's
 * two-factor sign-in.
 */
export function MyProfileRoute() {
  const identity = useIdentity();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  usePageTitle('Update My Profile');
  const home = profileHomePath(identity);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(home), PROFILE_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, home]);

  return (
    <ProfileScreen
      onUpdated={() => setDone(true)}
      contacts={identity.eid !== null ? <ContactsEditor eid={identity.eid} canEdit /> : null}
      twoFactor={<TwoFactorCard />}
    />
  );
}
