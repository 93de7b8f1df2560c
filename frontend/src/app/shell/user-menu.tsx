import { Menu, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { initialsOf, PersonAvatar } from '@/components/person-avatar';
import type { Identity } from '@/lib/identity';
import { accountMenuFor } from './menu';

/**
 * The avatar menu: My Profile (not for the system admin), Change/Create Password and Log out
 * (hidden while impersonating). The picture is the stored avatar, loaded with the session's token.
 */
export function UserMenu({ identity }: { identity: Identity }) {
  const name = `${identity.firstname} ${identity.lastname}`.trim() || identity.email;
  const firstname = identity.firstname || identity.email;
  // The visible initials are part of the button's name (WCAG 2.5.3, label in name).
  const label = `${initialsOf(firstname, identity.lastname)}: account menu for ${name}`;
  return (
    // No focus placeholder: a focusable role="presentation" child of role="menu" is an ARIA error.
    <Menu position="bottom-end" width={220} shadow="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton aria-label={label} data-testid="account-menu" style={{ borderRadius: '50%' }}>
          <PersonAvatar url={identity.avatar} firstname={firstname} lastname={identity.lastname} size={36} />
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
