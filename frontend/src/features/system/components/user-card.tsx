import { Anchor, Paper, Stack, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SystemUser } from '../api/schemas';
import { fullName, instantTime } from './format';
import { roleLabel, userStatusLabel } from './labels';
import { companyPath } from './paths';

/** Who a user is: name, e-mail, company, role, status, last sign-in. */
export function UserCard({ user, timeZone }: { user: SystemUser; timeZone: string | undefined }) {
  const rows: [string, ReactNode][] = [
    ['Email', user.email],
    [
      'Company',
      user.companyId !== null ? (
        <Anchor component={Link} to={companyPath(user.companyId)}>
          {user.companyName ?? `#${user.companyId}`}
        </Anchor>
      ) : (
        '—'
      ),
    ],
    ['Role', roleLabel(user.role)],
    ['Status', userStatusLabel(user.status)],
    ['Last login', instantTime(user.lastLogin, timeZone)],
  ];
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="found-user">
      <Stack gap="xs">
        <Title order={2} fz="lg" id="found-user">
          {fullName(user) || user.email}
        </Title>
        <Table aria-label="The user" verticalSpacing={4} withRowBorders={false}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" fw={400} c="dimmed" w={120}>
                  {label}
                </Table.Th>
                <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
