import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect } from 'react';
import { useLocation } from 'react-router';
import { MOBILE_MEDIA_QUERY } from '../theme';

/**
 * The side bar's state: on phones it covers the page (closed at first, and closed again when the
 * page changes); on desktops it sits beside it (open at first). `setMenuOpen` lets the tour open
 * it for the menu's entries (and, on a phone, close it for the page's).
 */
export function useSideBar() {
  const location = useLocation();
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);

  // On a phone the menu covers the page; leaving for another screen closes it.
  const { close: closeMobile } = mobile;
  useEffect(() => closeMobile(), [location.pathname, closeMobile]);

  const sideBarOpened = isMobile ? mobileOpened : desktopOpened;
  // The tour opens the side bar for the menu's entries (and, on a phone, closes it for the page's).
  const { open: openMobile } = mobile;
  const { open: openDesktop, close: closeDesktop } = desktop;
  const setMenuOpen = useCallback(
    (open: boolean) => {
      if (isMobile) (open ? openMobile : closeMobile)();
      else (open ? openDesktop : closeDesktop)();
    },
    [isMobile, openMobile, closeMobile, openDesktop, closeDesktop],
  );

  return { isMobile, mobileOpened, desktopOpened, sideBarOpened, toggle: isMobile ? mobile.toggle : desktop.toggle, closeMobile, setMenuOpen };
}
