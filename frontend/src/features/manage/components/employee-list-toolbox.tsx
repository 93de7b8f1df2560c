import { Button, Group, Select } from '@mantine/core';
import { Link } from 'react-router';
import { EMPLOYEE_ORDER } from '@/lib/employees';
import { useIsPhone } from '@/lib/media';
import { STATUS_ACTIVE, STATUS_TERMINATED } from '../api/schemas';
import type { ListParamsUpdate } from './use-employee-list-params';

const STATUS_OPTIONS = [
  { value: String(STATUS_ACTIVE), label: 'Active' },
  { value: String(STATUS_TERMINATED), label: 'Terminated' },
];
const ORDER_OPTIONS = [
  { value: String(EMPLOYEE_ORDER.aToZ), label: 'A - Z' },
  { value: String(EMPLOYEE_ORDER.zToA), label: 'Z - A' },
];
const ALL_ROLES = '';

interface ToolboxProps {
  status: number;
  order: number;
  jobroleId: number | null;
  jobRoles: readonly { id: number; name: string }[];
  /** 'Add Multiple': not for a company whose staff comes from AgencyZoom. */
  canAddMultiple: boolean;
  canAllocatePto: boolean;
  /** Every filter change goes back to the first page. */
  update: ListParamsUpdate;
}

/** The list's filters (status, order, job role) and its 'Add', 'Add Multiple' and 'Allocate PTO' buttons. */
export function EmployeeListToolbox({ status, order, jobroleId, jobRoles, canAddMultiple, canAllocatePto, update }: ToolboxProps) {
  const isPhone = useIsPhone();
  const toolStyle = isPhone ? { flex: '1 0 auto' } : undefined;
  const roleOptions = [{ value: ALL_ROLES, label: '-- All --' }, ...jobRoles.map((r) => ({ value: String(r.id), label: r.name }))];

  return (
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
        {canAddMultiple ? (
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
  );
}
