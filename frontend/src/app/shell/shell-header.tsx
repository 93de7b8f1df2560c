import { AppShell, Box, Burger, Group, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { Brand } from '@/components/brand';
import { useCurrentPageTitle } from '@/components/page-title';
import { CLOCK_BUTTON_ID } from '@/features/clock/components/clock-target';
import type { Identity } from '@/lib/identity';
import { useIsPhone } from '@/lib/media';
import { PATHS } from '@/lib/redirects';
import { EmployeeSearch } from './employee-search';
import { Greeting } from './greeting';
import { PendingBell } from './pending-bell';
import { QuickAdd } from './quick-add';
import { UserMenu } from './user-menu';

interface ShellHeaderProps {
  identity: Identity;
  now: Date;
  /** In a frame of another page: no brand link and no greeting. */
  embedded: boolean;
  sideBarOpened: boolean;
  onToggleSideBar: () => void;
  /** 'Find employee', the quick add and the pending requests of the bell: admins and managers. */
  privileged: boolean;
  /** The bell with the task count: every member of a company. */
  companyMember: boolean;
  tasks: number;
  onOpenTasks: () => void;
}

/**
 * On the clock screen the shell's first stop for the keyboard: the clock's main button is past the
 * header and the side bar, and it is what people come to press. Moving the focus itself (not only
 * scrolling to the fragment) makes the next Enter press the button.
 */
function SkipToTheClock() {
  const onClockScreen = useLocation().pathname === PATHS.employeeHome;
  if (!onClockScreen) return null;
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const button = document.getElementById(CLOCK_BUTTON_ID);
    if (!button) return;
    event.preventDefault();
    button.focus();
  };
  return (
    <a className="skip-link" href={`#${CLOCK_BUTTON_ID}`} onClick={skip}>
      Skip to the clock
    </a>
  );
}

/**
 * A phone's header has no room for the greeting beside the bell and the avatar (it was cut to
 * 'Good Morn…'): it names the page instead, which also tells where the menu has led.
 */
function PageName() {
  const title = useCurrentPageTitle();
  return (
    <Text fw={700} fz="md" lh={1.25} lineClamp={2} flex={1} miw={0} title={title || undefined} data-testid="page-name">
      {title}
    </Text>
  );
}

/**
 * The top bar: the side bar's toggle and the brand, the employee search, the greeting (on a
 * phone, the page's name), the quick add, the bell and the account menu.
 */
export function ShellHeader({ identity, now, embedded, sideBarOpened, onToggleSideBar, privileged, companyMember, tasks, onOpenTasks }: ShellHeaderProps) {
  const isPhone = useIsPhone();
  return (
    <AppShell.Header data-embedded={embedded ? 'true' : undefined}>
      <SkipToTheClock />
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Burger
            opened={sideBarOpened}
            onClick={onToggleSideBar}
            size="sm"
            aria-label={sideBarOpened ? 'Hide side bar' : 'Show side bar'}
            aria-expanded={sideBarOpened}
            aria-controls="side-bar"
            data-testid="side-bar-toggle"
          />
          {embedded ? null : <Brand to="/" compact />}
        </Group>
        {isPhone ? <PageName /> : null}
        {privileged ? (
          <Box visibleFrom="sm" w={{ sm: 220, md: 300 }} miw={0}>
            <EmployeeSearch />
          </Box>
        ) : null}
        <Group gap="sm" wrap="nowrap" miw={0}>
          {embedded || isPhone ? null : <Greeting identity={identity} now={now} />}
          {privileged ? <QuickAdd identity={identity} /> : null}
          {companyMember ? <PendingBell privileged={privileged} tasks={tasks} onOpenTasks={onOpenTasks} /> : null}
          <UserMenu identity={identity} />
        </Group>
      </Group>
    </AppShell.Header>
  );
}
