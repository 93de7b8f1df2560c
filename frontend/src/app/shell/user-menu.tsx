import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import type { Identity } from '@/lib/identity';
import { accountMenuFor } from './menu';

const initials = (identity: Identity): string =>
  `${identity.firstname.charAt(0)}${identity.lastname.charAt(0)}`.toUpperCase() || identity.email.charAt(0).toUpperCase();

/** The avatar menu: Change/Create Password and Log out (hidden while impersonating). */
export function UserMenu({ identity }: { identity: Identity }) {
  const name = `${identity.firstname} ${identity.lastname}`.trim() || identity.email;
  return (
    // No focus placeholder: a focusable role="presentation" child of role="menu" is an ARIA error.
    <Menu position="bottom-end" width={220} shadow="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${name}`} data-testid="account-menu" style={{ borderRadius: '50%' }}>
          <Avatar src={identity.avatar} alt={name} size={36} radius="xl" color="blue" variant="filled">
            {initials(identity)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {accountMenuFor(identity).map((entry) => (
          <Menu.Item key={entry.to} component={Link} to={entry.to}>
            {entry.label(identity)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
