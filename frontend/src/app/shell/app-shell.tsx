import type { ReactNode } from 'react';
import './styles';
import { AppShell } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useInterval } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useOutboxSync } from '@/features/clock/api/outbox';
import { useMyTasks } from '@/features/hr/api/get-my-tasks';
import { TaskDock } from '@/features/hr/components/task-dock';
import { TasksBanner } from '@/features/hr/components/tasks-banner';
import { useTaskDock } from '@/features/hr/components/use-task-dock';
import { isEmbedded } from '@/lib/embed';
import { isPrivileged, isSysadmin, type Identity } from '@/lib/identity';
import { loginPathFor } from '@/lib/redirects';
import { useSession } from '@/lib/session';
import { ExpiredBanner, ImpersonationBanner, SuspendedNotice, TrialReminder } from './banners';
import { SetPasswordModal } from './set-password-modal';
import { ShellHeader } from './shell-header';
import { ShellNotifications } from './shell-notifications';
import { ShellTour, useRequiredModalUp, useTourOffered } from './shell-tour';
import { SideBar } from './side-bar';
import { useSideBar } from './use-side-bar';

const HEADER_HEIGHT = 60;
/** The clock screen: the task dock never opens by itself over it (a banner leads to it instead). */
const CLOCK_PATH = '/clockin';
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

function SignedInShell({ identity, children }: { identity: Identity; children?: ReactNode }) {
  // Spec 000 §2: in a frame of another page the top menu is reduced (lib/embed.ts): no brand
  // link (it leads to the public landing page) and no greeting, so the frame keeps its room for
  // the work; the menu, search, quick add, the bell and the account menu stay, and Log out tells
  // the embedding page.
  const embedded = isEmbedded();
  const sideBar = useSideBar();
  const now = useNow();
  // 'Find employee' and the bell of pending requests: admins and managers (not while suspended).
  const privileged = isPrivileged(identity) && !isSysadmin(identity) && !identity.suspended;
  // The task dock and its count on the bell: every member of a company (not the system admin, not while suspended).
  const companyMember = !isSysadmin(identity) && !identity.suspended;
  const tasks = useMyTasks({ enabled: companyMember });
  // Clock presses made offline on this phone (issue 39) are sent on any screen: when the app opens,
  // after signing in, back online or back to the tab.
  useOutboxSync(companyMember ? identity.eid : null);
  const { pathname } = useLocation();
  const onClock = pathname === CLOCK_PATH;
  // The welcome tour and the task dock never show at once: the tour first, the dock after it.
  const [touring, setTouring] = useState(false);
  const tourOffered = useTourOffered(identity);
  const modalUp = useRequiredModalUp(identity);
  const taskDock = useTaskDock(tasks.data, identity.sid ?? identity.email, {
    mayOpenByItself: companyMember && !onClock && !touring && !tourOffered && !modalUp,
  });
  const showTasksBanner = companyMember && taskDock.waiting > 0 && (onClock || taskDock.overdue) && !taskDock.opened;

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !sideBar.mobileOpened, desktop: !sideBar.desktopOpened } }}
      padding="md"
    >
      <ShellHeader
        identity={identity}
        now={now}
        embedded={embedded}
        sideBarOpened={sideBar.sideBarOpened}
        onToggleSideBar={sideBar.toggle}
        privileged={privileged}
        companyMember={companyMember}
        tasks={tasks.data?.count ?? 0}
        onOpenTasks={taskDock.open}
      />

      <SideBar identity={identity} withSearch={privileged && Boolean(sideBar.isMobile)} onPicked={sideBar.closeMobile} />

      <AppShell.Main id="main-content" pb={80}>
        {identity.impersonate ? <ImpersonationBanner identity={identity} /> : null}
        <TrialReminder identity={identity} today={now} />
        {showTasksBanner ? <TasksBanner waiting={taskDock.waiting} overdue={taskDock.overdue} onOpen={taskDock.open} /> : null}
        {identity.suspended && !isSysadmin(identity) && !identity.roles.includes('admin') ? (
          <SuspendedNotice identity={identity} />
        ) : (
          (children ?? <Outlet />)
        )}
      </AppShell.Main>
      {companyMember ? (
        <TaskDock tasks={tasks.data} opened={taskDock.opened} overdue={taskDock.overdue} onClose={taskDock.close} timeZone={identity.timezone} />
      ) : null}
      <ExpiredBanner identity={identity} today={now} />
      <SetPasswordModal identity={identity} />
      {companyMember ? <ShellTour identity={identity} isPhone={Boolean(sideBar.isMobile)} setMenuOpen={sideBar.setMenuOpen} onBusyChange={setTouring} /> : null}
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
        <ShellNotifications />
        <SignedInShell identity={session.identity}>{children}</SignedInShell>
      </ModalsProvider>
    </DatesProvider>
  );
}
