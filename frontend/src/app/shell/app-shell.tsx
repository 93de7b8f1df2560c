import type { ReactNode } from 'react';
import './styles';
import { AppShell, Box, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useDisclosure, useInterval, useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { Brand } from '@/components/brand';
import { DEFAULT_COMPANY_NAME, useLoginData } from '@/features/auth/api/get-login-data';
import { useMyTasks } from '@/features/hr/api/get-my-tasks';
import { TaskDock } from '@/features/hr/components/task-dock';
import { useTaskDock } from '@/features/hr/components/use-task-dock';
import { useEmployees } from '@/lib/employees';
import { GuidedTour } from '@/features/tour/components/guided-tour';
import { tourOffered } from '@/features/tour/tour-steps';
import { isTrialExpired } from '@/lib/dates';
import { isEmbedded } from '@/lib/embed';
import { isPrivileged, isSysadmin, type Identity } from '@/lib/identity';
import { loginPathFor } from '@/lib/redirects';
import { useSession } from '@/lib/session';
import { MOBILE_MEDIA_QUERY } from '../theme';
import { ExpiredBanner, ImpersonationBanner, SuspendedNotice, TrialReminder } from './banners';
import { EmployeeSearch } from './employee-search';
import { Greeting } from './greeting';
import { mainMenuFor, type MenuEntry } from './menu';
import { PendingBell } from './pending-bell';
import { QuickAdd } from './quick-add';
import { SetPasswordModal, setPasswordRequired } from './set-password-modal';
import { UserMenu } from './user-menu';

const HEADER_HEIGHT = 60;
const NAVBAR_WIDTH = 240;

/** A clock for the greeting and banners, ticking every minute. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  const interval = useInterval(() => setNow(new Date()), 60_000);
  useEffect(() => {
    interval.start();
    return interval.stop;
  }, [interval]);
  return now;
}

function CompanyName({ identity }: { identity: Identity }) {
  const { data } = useLoginData(identity.sid);
  if (isSysadmin(identity)) return <Text fw={700}>System Administration</Text>;
  return (
    <Text fw={700} truncate="end" data-testid="company-name">
      {data?.companyName || DEFAULT_COMPANY_NAME}
    </Text>
  );
}

/**
 * The menu entry of the current page: the longest `to` (or `also` path) the path starts with, so
 * that /admin/manage/company-profile marks 'My Company' and not a shorter /admin/manage entry too.
 */
export function activeMenuPath(pathname: string, menu: readonly MenuEntry[]): string | null {
  const under = (path: string) => pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
  const matches = menu.flatMap((entry) => [entry.to, ...(entry.also ?? [])].filter(under).map((path) => ({ to: entry.to, length: path.length })));
  return matches.sort((a, b) => b.length - a.length)[0]?.to ?? null;
}

/**
 * The welcome and the tour (spec 000 §2, §4): offered to a member of a company who has not been
 * through it, once the mandatory set-password modal is done. Admins' steps differ once staff
 * came in through the partner integration: then their company has people besides them.
 */
function ShellTour({ identity, isPhone, setMenuOpen }: { identity: Identity; isPhone: boolean; setMenuOpen: (open: boolean) => void }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const offered =
    tourOffered(identity, { accountBlocked: isTrialExpired(identity.trialEnd, new Date(), identity.timezone) }) &&
    !setPasswordRequired(identity, params) &&
    pathname !== '/change-my-password';
  const askStaff = offered && isPrivileged(identity) && identity.integratedWithAz;
  const staff = useEmployees({ q: '' }, { enabled: askStaff });
  return (
    <GuidedTour
      identity={identity}
      offered={offered}
      staffAdded={askStaff && (staff.data?.totalCount ?? 0) > 1}
      isPhone={isPhone}
      setMenuOpen={setMenuOpen}
    />
  );
}

function SignedInShell({ identity, children }: { identity: Identity; children?: ReactNode }) {
  const location = useLocation();
  // Spec 000 §2: in a frame of another page the top menu is reduced (lib/embed.ts): no brand
  // link (it leads to the public landing page) and no greeting, so the frame keeps its room for
  // the work; the menu, search, quick add, the bell and the account menu stay, and Log out tells
  // the embedding page.
  const embedded = isEmbedded();
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const now = useNow();
  const menu = mainMenuFor(identity);
  const activePath = activeMenuPath(location.pathname, menu);
  // 'Find employee' and the bell of pending requests: admins and managers (not while suspended).
  const privileged = isPrivileged(identity) && !isSysadmin(identity) && !identity.suspended;
  // The task dock and its count on the bell: every member of a company (not the system admin, not while suspended).
  const companyMember = !isSysadmin(identity) && !identity.suspended;
  const tasks = useMyTasks({ enabled: companyMember });
  const taskDock = useTaskDock(tasks.data, identity.sid ?? identity.email);

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

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding="md"
    >
      <AppShell.Header data-embedded={embedded ? 'true' : undefined}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={sideBarOpened}
              onClick={isMobile ? mobile.toggle : desktop.toggle}
              size="sm"
              aria-label={sideBarOpened ? 'Hide side bar' : 'Show side bar'}
              aria-expanded={sideBarOpened}
              aria-controls="side-bar"
              data-testid="side-bar-toggle"
            />
            {embedded ? null : <Brand to="/" compact />}
          </Group>
          {privileged ? (
            <Box visibleFrom="sm" w={{ sm: 220, md: 300 }} miw={0}>
              <EmployeeSearch />
            </Box>
          ) : null}
          <Group gap="sm" wrap="nowrap" miw={0}>
            {embedded ? null : <Greeting identity={identity} now={now} />}
            {privileged ? <QuickAdd identity={identity} /> : null}
            {companyMember ? <PendingBell privileged={privileged} tasks={tasks.data?.count ?? 0} onOpenTasks={taskDock.open} /> : null}
            <UserMenu identity={identity} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" id="side-bar" aria-label="Main menu" data-testid="side-bar">
        <AppShell.Section mb="sm" px="xs">
          <CompanyName identity={identity} />
        </AppShell.Section>
        {privileged && isMobile ? (
          // Phones: the search lives in the menu, which covers the page.
          <AppShell.Section mb="sm" px="xs">
            <EmployeeSearch onPicked={closeMobile} />
          </AppShell.Section>
        ) : null}
        <AppShell.Section grow component={ScrollArea}>
          {menu.map((entry) => (
            // A plain link: React Router's NavLink would mark every entry the path starts with as
            // current too; only the longest match is the page.
            <NavLink
              key={entry.to}
              component={Link}
              to={entry.to}
              label={entry.label}
              data-tour={entry.tour}
              active={entry.to === activePath}
              aria-current={entry.to === activePath ? 'page' : undefined}
            />
          ))}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id="main-content" pb={80}>
        {identity.impersonate ? <ImpersonationBanner identity={identity} /> : null}
        <TrialReminder identity={identity} today={now} />
        {identity.suspended && !isSysadmin(identity) && !identity.roles.includes('admin') ? (
          <SuspendedNotice identity={identity} />
        ) : (
          (children ?? <Outlet />)
        )}
      </AppShell.Main>
      {companyMember ? (
        <TaskDock tasks={tasks.data} opened={taskDock.opened} closable={taskDock.closable} onClose={taskDock.close} timeZone={identity.timezone} />
      ) : null}
      <ExpiredBanner identity={identity} today={now} />
      <SetPasswordModal identity={identity} />
      {companyMember ? <ShellTour identity={identity} isPhone={Boolean(isMobile)} setMenuOpen={setMenuOpen} /> : null}
    </AppShell>
  );
}

/**
 * The layout of every signed-in screen. It re-checks the session on each render: a session that
 * ends here (logout elsewhere, expiry, revocation) leads to the login page with a way back.
 */
export function AppShellLayout({ children }: { children?: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={loginPathFor(location)} replace />;
  return (
    <DatesProvider settings={{ locale: 'en', firstDayOfWeek: 0, consistentWeeks: true }}>
      <ModalsProvider>
        <Notifications position="top-right" />
        <SignedInShell identity={session.identity}>{children}</SignedInShell>
      </ModalsProvider>
    </DatesProvider>
  );
}
