import { getDefaultZIndex } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useIsPhone } from '@/lib/media';

/**
 * Over the docks and modals (200), so that what a dock says while it stays open (an acknowledged
 * policy, a saved record) is seen, and over the fixed 'trial expired' bar (300) at the bottom.
 * They stay clear of every title by where they show, not by hiding under them.
 */
export const NOTIFICATIONS_Z_INDEX = getDefaultZIndex('overlay');

/**
 * Where the shell's notifications show. At the top they covered the header's bell and avatar and
 * the title and close button of an open dock or modal; at the bottom they can only hide a dock's
 * buttons, for the seconds they show (and they close with their own button). A phone has no
 * corner to spare: they take the bottom's middle, as wide as the screen.
 */
export function ShellNotifications() {
  const isPhone = useIsPhone();
  return <Notifications position={isPhone ? 'bottom-center' : 'bottom-right'} zIndex={NOTIFICATIONS_Z_INDEX} />;
}
