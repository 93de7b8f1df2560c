import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { sorry } from '@/lib/form-errors';
import { useDownloadExport } from '../api/download';
import { EMPLOYEE_SORTS, useSystemEmployees } from '../api/get-employees';
import { pageCount } from '../api/list-query';
import type { SystemUser } from '../api/schemas';
import { fullName, instantDay, instantTime } from './format';
import { roleLabel, SYSTEM_TEXTS, userStatusLabel } from './labels';
import { ListBody, ListPager, SearchInput, SortableTh } from './list-parts';
import { companyPath, SYSTEM_PATHS, withEmail } from './paths';
import { useListState } from './use-list-state';
import { useOperatorZone } from './use-zone';

const FILTERS = ['q', 'companyId'] as const;

/** Another operator cannot be impersonated, nor a terminated user. */
const canImpersonate = (user: SystemUser): boolean => user.status === 1 && user.role !== 'sysadmin';

function UserRow({ user, timeZone }: { user: SystemUser; timeZone: string | undefined }) {
  return (
    <Table.Tr data-testid="user-row">
      <Table.Td fw={600}>{fullName(user) || '—'}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{user.email}</Table.Td>
      <Table.Td>
        {user.companyId !== null ? (
          <Anchor component={Link} to={companyPath(user.companyId)}>
            {user.companyName ?? `#${user.companyId}`}
          </Anchor>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td>{roleLabel(user.role)}</Table.Td>
      <Table.Td>{userStatusLabel(user.status)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{instantDay(user.createdAt, timeZone)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{instantTime(user.lastLogin, timeZone)}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button component={Link} to={withEmail(SYSTEM_PATHS.resetPassword, user.email)} size="compact-sm" variant="default" aria-label={`Reset password for ${user.email}`}>
            Reset password
          </Button>
          {canImpersonate(user) ? (
            <Button component={Link} to={withEmail(SYSTEM_PATHS.impersonate, user.email)} size="compact-sm" variant="default" aria-label={`Impersonate ${user.email}`}>
              Impersonate
            </Button>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Employees (/sy5tem/employees): every user of every company, found by the start of their e-mail,
 * first or last name (asked 300 ms after the typing pauses), 20 a page; each can have their
 * password reset or be impersonated. 'Export all users' downloads everyone as CSV.
 */
export function EmployeesScreen() {
  usePageTitle(SYSTEM_TEXTS.employees);
  const zone = useOperatorZone();
  const list = useListState({ sorts: EMPLOYEE_SORTS, defaultSort: 'email', defaultOrder: 'asc', filters: FILTERS });
  const companyId = /^\d+$/.test(list.filters.companyId) ? Number(list.filters.companyId) : null;
  const employees = useSystemEmployees({ page: list.page, sort: list.sort, order: list.order, q: list.filters.q, companyId });
  const download = useDownloadExport();
  const rows = employees.data?.employees ?? [];
  const total = employees.data?.empCount ?? 0;
  const sortProps = { sort: list.sort, order: list.order, onSort: list.toggleSort };
  const companyName = rows.find((row) => row.companyId === companyId)?.companyName ?? `company #${companyId}`;

  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {SYSTEM_TEXTS.employees}
        </Title>
        <Button variant="default" onClick={() => download.mutate('users')} loading={download.isPending}>
          Export all users
        </Button>
      </Group>
      {download.isError ? <FormAlert>{sorry(download.error)}</FormAlert> : null}
      <Group align="flex-end" gap="sm" role="search" aria-label="Find users">
        <SearchInput
          label="Search"
          description="The start of an e-mail address, a first name or a last name"
          value={list.filters.q}
          onSearch={(value) => list.setFilter('q', value)}
        />
      </Group>
      {companyId !== null ? (
        <Group gap="sm" data-testid="company-filter">
          <Text size="sm">The people of {companyName} only.</Text>
          <Button size="compact-sm" variant="subtle" onClick={() => list.setFilter('companyId', '')}>
            Show everyone
          </Button>
        </Group>
      ) : null}
      <ListBody
        isPending={employees.isPending}
        error={employees.isError ? employees.error : null}
        isEmpty={rows.length === 0}
        loadingLabel="Loading the users"
        emptyText={SYSTEM_TEXTS.noEmployees}
      >
        <Text size="sm" c="dimmed" data-testid="user-count">
          {total === 1 ? '1 user' : `${total} users`}
        </Text>
        <Table.ScrollContainer minWidth={1060} type="native">
          <Table aria-label="Users" striped highlightOnHover withTableBorder verticalSpacing="xs" aria-busy={employees.isPlaceholderData || undefined}>
            <Table.Thead>
              <Table.Tr>
                <SortableTh label="Name" column="lastname" {...sortProps} />
                <SortableTh label="Email" column="email" {...sortProps} />
                <Table.Th>Company</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Status</Table.Th>
                <SortableTh label="Created" column="createdAt" {...sortProps} />
                <Table.Th>Last login</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((user) => (
                <UserRow key={user.id} user={user} timeZone={zone} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListBody>
      <ListPager pages={pageCount(total)} page={list.page} onChange={list.setPage} />
    </Stack>
  );
}
