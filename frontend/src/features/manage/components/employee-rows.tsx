import { Anchor, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { PersonAvatar } from '@/components/person-avatar';
import { PTO_NOT_SET_UP, type ListedEmployee } from '../api/get-employees';
import { fullName, STATUS_TERMINATED, type Employee } from '../api/schemas';
import { EmailLink, PhoneLink } from './contact-links';

interface RowProps {
  employee: Employee;
  onReactivate: (employee: Employee) => void;
}

interface EmployeeRowsProps {
  employees: ListedEmployee[];
  onReactivate: (e: Employee) => void;
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

/** Desktops: a row per person; the actions column only when someone can be reactivated. */
export function EmployeeTable({ employees, onReactivate }: EmployeeRowsProps) {
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

/** Phones: a card per person. */
export function EmployeeCards({ employees, onReactivate }: EmployeeRowsProps) {
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
