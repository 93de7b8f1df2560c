import { Anchor, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { COMPANY_SORTS, useCompanies } from '../api/get-companies';
import { pageCount } from '../api/list-query';
import { COMPANY_STATUSES, type CompanyRow, type CompanyStatus } from '../api/schemas';
import { dayText, instantDay } from './format';
import { COMPANY_STATUS_LABELS, SYSTEM_TEXTS } from './labels';
import { ListBody, ListPager, SearchInput, SortableTh } from './list-parts';
import { companyPath } from './paths';
import { CompanyStatusBadge } from './status-badge';
import { useListState } from './use-list-state';
import { useOperatorZone } from './use-zone';

const FILTERS = ['name', 'status'] as const;
const STATUS_OPTIONS = [{ value: '', label: 'All' }, ...COMPANY_STATUSES.map((status) => ({ value: status, label: COMPANY_STATUS_LABELS[status] }))];

const asStatus = (value: string): CompanyStatus | '' => ((COMPANY_STATUSES as readonly string[]).includes(value) ? (value as CompanyStatus) : '');

function CompanyTableRow({ company, timeZone }: { company: CompanyRow; timeZone: string | undefined }) {
  return (
    <Table.Tr data-testid="company-row">
      <Table.Td>
        <Anchor component={Link} to={companyPath(company.id)} fw={600}>
          {company.name}
        </Anchor>
      </Table.Td>
      <Table.Td>{company.adminEmail ?? '—'}</Table.Td>
      <Table.Td>
        <CompanyStatusBadge status={company.status} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayText(company.trialEnd)}</Table.Td>
      <Table.Td ta="right">{company.users}</Table.Td>
      <Table.Td>{company.promotCode ?? '—'}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{instantDay(company.createdAt, timeZone)}</Table.Td>
    </Table.Tr>
  );
}

/**
 * Customers (/sy5tem/adm1n, spec 002 §2): every company, 20 a page, filtered by its name or an
 * admin's e-mail and by its state, sorted by name, sign-up or users; a company opens its page.
 */
export function CustomersScreen() {
  usePageTitle(SYSTEM_TEXTS.customers);
  const zone = useOperatorZone();
  const notice = (useLocation().state as { notice?: string } | null)?.notice ?? null;
  const list = useListState({ sorts: COMPANY_SORTS, defaultSort: 'createdAt', defaultOrder: 'desc', filters: FILTERS });
  const status = asStatus(list.filters.status);
  const companies = useCompanies({ page: list.page, sort: list.sort, order: list.order, name: list.filters.name, status });
  const rows = companies.data?.companies ?? [];
  const total = companies.data?.compCount ?? 0;
  const filtered = list.filters.name !== '' || status !== '';
  const sortProps = { sort: list.sort, order: list.order, onSort: list.toggleSort };

  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {SYSTEM_TEXTS.customers}
      </Title>
      {notice ? <FormAlert color="green">{notice}</FormAlert> : null}
      <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="Filter the companies">
        <SearchInput label="Name or admin e-mail" value={list.filters.name} onSearch={(value) => list.setFilter('name', value)} />
        <NativeSelect label="Status" data={STATUS_OPTIONS} value={status} onChange={(event) => list.setFilter('status', event.currentTarget.value)} w={{ base: '100%', xs: 180 }} />
      </Group>
      <ListBody
        isPending={companies.isPending}
        error={companies.isError ? companies.error : null}
        isEmpty={rows.length === 0}
        loadingLabel="Loading the companies"
        emptyText={filtered ? SYSTEM_TEXTS.noCompaniesMatch : SYSTEM_TEXTS.noCompanies}
      >
        <Text size="sm" c="dimmed" data-testid="company-count">
          {total === 1 ? '1 company' : `${total} companies`}
        </Text>
        <Table.ScrollContainer minWidth={860} type="native">
          <Table aria-label="Companies" striped highlightOnHover withTableBorder verticalSpacing="xs" aria-busy={companies.isPlaceholderData || undefined}>
            <Table.Thead>
              <Table.Tr>
                <SortableTh label="Name" column="name" {...sortProps} />
                <Table.Th>Admin e-mail</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Trial end</Table.Th>
                <SortableTh label="Users" column="users" numeric {...sortProps} />
                <Table.Th>Promotion</Table.Th>
                <SortableTh label="Created" column="createdAt" {...sortProps} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((company) => (
                <CompanyTableRow key={company.id} company={company} timeZone={zone} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListBody>
      <ListPager pages={pageCount(total)} page={list.page} onChange={list.setPage} />
    </Stack>
  );
}
