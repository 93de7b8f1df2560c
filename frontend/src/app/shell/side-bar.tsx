import { AppShell, NavLink, ScrollArea, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { DEFAULT_COMPANY_NAME, useLoginData } from '@/features/auth/api/get-login-data';
import { isSysadmin, type Identity } from '@/lib/identity';
import { EmployeeSearch } from './employee-search';
import { activeMenuPath, mainMenuFor } from './menu';

/**
 * Agencies' names run long ('Smith & Daughters Insurance Agency of …'), and cut to 'Smith &
 * Daughters Ins…' they no longer said which company this is: the whole name shows, over as many
 * lines as it takes. A name of one long word breaks inside it rather than running under the menu.
 */
function CompanyName({ identity }: { identity: Identity }) {
  const { data } = useLoginData(identity.sid);
  if (isSysadmin(identity)) return <Text fw={700}>System Administration</Text>;
  const name = data?.companyName || DEFAULT_COMPANY_NAME;
  return (
    <Text fw={700} lh={1.3} title={name} style={{ overflowWrap: 'anywhere' }} data-testid="company-name">
      {name}
    </Text>
  );
}

interface SideBarProps {
  identity: Identity;
  /** 'Find employee' in the menu: admins and managers on a phone (the header has it elsewhere). */
  withSearch: boolean;
  /** A person was picked in the search (a phone's menu closes). */
  onPicked: () => void;
}

/** The side bar: the company's name, the phone's employee search and the role's menu, the current page marked. */
export function SideBar({ identity, withSearch, onPicked }: SideBarProps) {
  const location = useLocation();
  const menu = mainMenuFor(identity);
  const activePath = activeMenuPath(location.pathname, menu);
  return (
    <AppShell.Navbar p="sm" id="side-bar" aria-label="Main menu" data-testid="side-bar">
      <AppShell.Section mb="sm" px="xs">
        <CompanyName identity={identity} />
      </AppShell.Section>
      {withSearch ? (
        // Phones: the search lives in the menu, which covers the page.
        <AppShell.Section mb="sm" px="xs">
          <EmployeeSearch onPicked={onPicked} />
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
  );
}
