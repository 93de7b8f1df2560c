import { Pager } from '@/components/pager';
import { Alert, Anchor, Button, Card, Group, Loader, Modal, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { PersonAvatar } from '@/components/person-avatar';
import { useIsPhone } from '@/lib/media';
import { EMPLOYEE_ORDER } from '@/lib/employees';
import { EMPLOYEES_PAGE_SIZE, PTO_NOT_SET_UP, useEmployeeList, type ListedEmployee } from '../api/get-employees';
import { DEFAULT_COMPANY_NAME, useManageData } from '../api/get-manage-data';
import { fullName, STATUS_ACTIVE, STATUS_TERMINATED, type Employee } from '../api/schemas';
import { EmailLink, PhoneLink } from './contact-links';
import { failureMessage, TEXTS } from './labels';
import { ReactivateDialog } from './reactivate-dialog';

const STATUS_OPTIONS = [
  { value: String(STATUS_ACTIVE), label: 'Active' },
  { value: String(STATUS_TERMINATED), label: 'Terminated' },
];
const ORDER_OPTIONS = [
  { value: String(EMPLOYEE_ORDER.aToZ), label: 'A - Z' },
  { value: String(EMPLOYEE_ORDER.zToA), label: 'Z - A' },
];
const ALL_ROLES = '';

/** The list's filters live in the address: the back button returns to the same page. */
function useListParams() {
  const [search, setSearch] = useSearchParams();
  const number = (key: string, fallback: number, allowed?: number[]) => {
    const raw = search.get(key);
    const value = raw !== null && /^\d+$/.test(raw) ? Number(raw) : fallback;
    return allowed && !allowed.includes(value) ? fallback : value;
  };
  const status = number('status', STATUS_ACTIVE, [STATUS_ACTIVE, STATUS_TERMINATED]);
  const order = number('order', EMPLOYEE_ORDER.aToZ, [EMPLOYEE_ORDER.aToZ, EMPLOYEE_ORDER.zToA]);
  const jobrole = search.get('jobroleId');
  const jobroleId = jobrole && /^\d+$/.test(jobrole) ? Number(jobrole) : null;
  const page = Math.max(1, number('page', 1));
  const update = (changes: Record<string, string | null>) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  // The guided tour's hops onto this list (spec 001 §2): after a bulk add made during the tour
  // (`inJoyride`), or with staff the partner integration brought (`joyhop`).
  const onboarding = search.get('inJoyride') === '1' ? 'added' : search.has('joyhop') ? 'imported' : null;
  return { status, order, jobroleId, page, splash: search.has('splash'), onboarding, update };
}

interface RowProps {
  employee: Employee;
  onReactivate: (employee: Employee) => void;
}

function NameLink({ employee }: { employee: Employee }) {
  return (
    <Anchor component={Link} to={`/admin/manage/view-user/${employee.id}`} fw={600}>
      {fullName(employee)}
    </Anchor>
  );
}

function ReactivateButton({ employee, onReactivate }: RowProps) {
  return (
    <Button size="xs" variant="light" onClick={() => onReactivate(employee)} aria-label={`Reactivate ${fullName(employee)}`}>
      Reactivate
    </Button>
  );
}

/** The PTO column: the plan's total balance in hours (two decimals), or 'Setup' (001 §2). */
function PtoCell({ employee }: { employee: ListedEmployee }) {
  if (employee.ptoAvailable === PTO_NOT_SET_UP) {
    return (
      <Anchor component={Link} to="/admin/ptomanage?return=%2Fadmin%2Fmanage" size="sm" aria-label={`Setup PTO for ${fullName(employee)}`}>
        Setup
      </Anchor>
    );
  }
  return (
    <Text size="sm" title={employee.ptoPlanName ?? undefined}>
      {(employee.ptoAvailable / 60).toFixed(2)} hrs
    </Text>
  );
}

function EmployeeTable({ employees, onReactivate }: { employees: ListedEmployee[]; onReactivate: (e: Employee) => void }) {
  const anyTerminated = employees.some((e) => e.status === STATUS_TERMINATED);
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="employee-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <VisuallyHidden>Picture</VisuallyHidden>
            </Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Permission</Table.Th>
            <Table.Th>Job Role</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>PTO</Table.Th>
            {anyTerminated ? (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {employees.map((employee) => (
            <Table.Tr key={employee.id} data-testid="employee-row">
              <Table.Td w={52}>
                <PersonAvatar url={employee.avatar} firstname={employee.firstname} lastname={employee.lastname} />
              </Table.Td>
              <Table.Td>
                <NameLink employee={employee} />
              </Table.Td>
              <Table.Td>{employee.permission}</Table.Td>
              <Table.Td>{employee.jobroleName ?? ''}</Table.Td>
              <Table.Td>
                <PhoneLink phone={employee.phone} />
              </Table.Td>
              <Table.Td>
                <EmailLink email={employee.email} />
              </Table.Td>
              <Table.Td>
                <PtoCell employee={employee} />
              </Table.Td>
              {anyTerminated ? (
                <Table.Td ta="right">
                  {employee.status === STATUS_TERMINATED ? <ReactivateButton employee={employee} onReactivate={onReactivate} /> : null}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function EmployeeCards({ employees, onReactivate }: { employees: ListedEmployee[]; onReactivate: (e: Employee) => void }) {
  return (
    <Stack gap="sm" data-testid="employee-cards">
      {employees.map((employee) => (
        <Card key={employee.id} withBorder radius="md" p="sm" data-testid="employee-row">
          <Group wrap="nowrap" align="flex-start" gap="sm">
            <PersonAvatar url={employee.avatar} firstname={employee.firstname} lastname={employee.lastname} />
            <Stack gap={2} miw={0} style={{ flex: 1 }}>
              <NameLink employee={employee} />
              <Text size="sm">
                {employee.permission}
                {employee.jobroleName ? ` · ${employee.jobroleName}` : ''}
              </Text>
              <PhoneLink phone={employee.phone} />
              <EmailLink email={employee.email} />
              <Group gap={4}>
                <Text size="sm" c="dimmed">
                  PTO:
                </Text>
                <PtoCell employee={employee} />
              </Group>
              {employee.status === STATUS_TERMINATED ? (
                <Group mt={4}>
                  <ReactivateButton employee={employee} onReactivate={onReactivate} />
                </Group>
              ) : null}
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * HR Folders (spec 001 §2, /admin/manage): the people in the caller's reach, 30 a page, filtered
 * by status and job role and sorted by last name; terminated people can be reactivated. Admins
 * also get 'Allocate PTO' (/admin/manage/batch-pto).
 */
export function EmployeeListScreen({ canAllocatePto = false }: { canAllocatePto?: boolean }) {
  const isPhone = useIsPhone();
  const navigate = useNavigate();
  const { status, order, jobroleId, page, splash, onboarding, update } = useListParams();
  const data = useManageData();
  const list = useEmployeeList({ q: '', status, order, jobroleId, page });
  const [reactivating, setReactivating] = useState<Employee | null>(null);
  const companyName = data.data?.companyName ?? (data.isPending ? '' : DEFAULT_COMPANY_NAME);
  usePageTitle(companyName || 'HR Folders');

  const employees = list.data?.employees ?? [];
  const totalPages = Math.max(1, Math.ceil((list.data?.totalCount ?? 0) / EMPLOYEES_PAGE_SIZE));
  const filtered = status !== STATUS_ACTIVE || jobroleId !== null;
  const toolStyle = isPhone ? { flex: '1 0 auto' } : undefined;
  const roleOptions = [{ value: ALL_ROLES, label: '-- All --' }, ...(data.data?.jobRoles ?? []).map((r) => ({ value: String(r.id), label: r.name }))];

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 28 }} data-testid="page-title">
        {data.isPending ? <VisuallyHidden>HR Folders</VisuallyHidden> : companyName}
      </Title>

      <Group justify="space-between" align="flex-end" gap="sm" data-testid="toolbox">
        <Group gap="sm" align="flex-end" w={isPhone ? '100%' : undefined} grow={isPhone}>
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={String(status)}
            allowDeselect={false}
            onChange={(value) => update({ status: value === String(STATUS_ACTIVE) ? null : value, page: null })}
            w={{ base: '100%', sm: 150 }}
          />
          <Select
            label="Sort by"
            data={ORDER_OPTIONS}
            value={String(order)}
            allowDeselect={false}
            onChange={(value) => update({ order: value === String(EMPLOYEE_ORDER.aToZ) ? null : value, page: null })}
            w={{ base: '100%', sm: 120 }}
          />
          <Select
            label="Job Role"
            data={roleOptions}
            value={jobroleId === null ? ALL_ROLES : String(jobroleId)}
            allowDeselect={false}
            onChange={(value) => update({ jobroleId: value || null, page: null })}
            w={{ base: '100%', sm: 200 }}
          />
        </Group>
        {/* On a phone the buttons share the row by their labels' widths (equal shares would cut 'Allocate PTO'). */}
        <Group gap="sm" w={isPhone ? '100%' : undefined}>
          <Button component={Link} to="/admin/manage/add-user" style={toolStyle}>
            Add
          </Button>
          {data.data && !data.data.integratedWithAz ? (
            <Button component={Link} to="/admin/manage/add-batch" variant="light" style={toolStyle}>
              Add Multiple
            </Button>
          ) : null}
          {canAllocatePto ? (
            <Button component={Link} to="/admin/manage/batch-pto" variant="light" style={toolStyle}>
              Allocate PTO
            </Button>
          ) : null}
        </Group>
      </Group>

      {onboarding ? (
        <Alert color="teal" variant="light" data-testid="onboarding-pto" styles={{ message: { color: 'var(--mantine-color-text)' } }}>
          <Group justify="space-between" gap="sm">
            <Text inherit>{onboarding === 'added' ? TEXTS.staffAddedInTour : TEXTS.staffImportedInTour}</Text>
            <Group gap="xs">
              <Button variant="default" size="xs" onClick={() => update({ inJoyride: null, joyhop: null })}>
                Later
              </Button>
              <Button component={Link} to="/admin/ptomanage" size="xs">
                {TEXTS.setupPtoNow}
              </Button>
            </Group>
          </Group>
        </Alert>
      ) : null}

      {data.isError ? <FormAlert>{failureMessage(data.error)}</FormAlert> : null}

      {list.isPending ? (
        <Loader aria-label="Loading the employees" />
      ) : list.isError ? (
        <FormAlert>{failureMessage(list.error)}</FormAlert>
      ) : employees.length === 0 ? (
        <Text data-testid="employee-list-empty">{filtered ? TEXTS.noMatch : TEXTS.noEmployees}</Text>
      ) : isPhone ? (
        <EmployeeCards employees={employees} onReactivate={setReactivating} />
      ) : (
        <EmployeeTable employees={employees} onReactivate={setReactivating} />
      )}

      {totalPages > 1 ? (
        <Group justify="center">
          <Pager total={totalPages} value={Math.min(page, totalPages)} onChange={(next) => update({ page: next === 1 ? null : String(next) })} />
        </Group>
      ) : null}

      <ReactivateDialog
        employee={reactivating}
        onClose={() => setReactivating(null)}
        onReactivated={(employee) => navigate(`/admin/manage/view-user/${employee.id}?reactivated=1`)}
      />

      <Modal opened={splash} onClose={() => update({ splash: null })} title={TEXTS.mailSentTitle} centered size="sm">
        <Stack gap="lg">
          <Text>{TEXTS.bulkMailSent}</Text>
          <Group justify="flex-end">
            <Button onClick={() => update({ splash: null })}>Ok</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
