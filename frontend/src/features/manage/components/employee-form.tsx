import { Button, Grid, Group, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { NoJobRolesHint } from '@/components/no-job-roles-hint';
import { ApiError } from '@/lib/api-client';
import { formFailure } from '@/lib/form-errors';
import type { ManageData } from '../api/get-manage-data';
import { formatPhone } from '../api/phone';
import {
  EMPLOYEE_FORM_FIELDS,
  employeeFormSchema,
  toSaveEmployeeBody,
  useSaveEmployee,
  type EmployeeFormValues,
  type SaveEmployeeResponse,
} from '../api/save-employee';
import { PERMISSIONS, STATUS_TERMINATED, type Employee } from '../api/schemas';
import { initialEmployeeValues, managerOptions, roleOptions } from './employee-form-values';
import { formatCalendarDate, sorry } from './labels';

interface EmployeeFormProps {
  /** The person being edited, or null to add one. */
  employee: Employee | null;
  data: ManageData;
  /** Only admins set or change the permission (spec 001 §6). */
  canSetPermission: boolean;
  onSaved: (result: SaveEmployeeResponse) => void;
}

/**
 * Basic information of an employee (spec 001 §2 tab 1, §5): names, e-mail, phone as
 * (XXX) XXX-XXXX, permission, job role, manager, birthday MM/DD, start date and address. With the
 * partner integration names and e-mail of an existing person are read-only; the e-mail of a
 * single-sign-on user too.
 */
export function EmployeeForm({ employee, data, canSetPermission, onSaved }: EmployeeFormProps) {
  const save = useSaveEmployee();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<EmployeeFormValues>({
    mode: 'controlled',
    initialValues: initialEmployeeValues(employee, data),
    validate: schemaResolver(employeeFormSchema, { sync: true }),
  });
  const namesLocked = employee !== null && data.integratedWithAz;
  const emailLocked = namesLocked || (employee?.isSsoUser ?? false);
  const cancelTo = employee ? `/admin/manage/view-user/${employee.id}` : '/admin/manage';
  const roles = roleOptions(employee, data);

  return (
    <form
      noValidate
      aria-label={employee ? 'Edit employee' : 'Add employee'}
      onSubmit={form.onSubmit((values) => {
        setError(null);
        save.mutate(toSaveEmployeeBody(values, { id: employee?.id ?? null, canSetPermission }), {
          onSuccess: onSaved,
          onError: (err) => {
            const failure = formFailure(err, EMPLOYEE_FORM_FIELDS, { useServerMessage: err instanceof ApiError && err.status < 500 });
            form.setErrors(failure.fieldErrors);
            // A refusal that the fields already explain (409 taken e-mail) needs no second message.
            const explained = err instanceof ApiError && Object.keys(err.errors).length > 0 && Object.keys(err.errors).every((k) => k in failure.fieldErrors);
            setError(failure.message && !explained ? sorry(failure.message) : null);
          },
        });
      })}
    >
      <Stack gap="md">
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="First Name" required autoComplete="off" readOnly={namesLocked} {...form.getInputProps('firstname')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Last Name" required autoComplete="off" readOnly={namesLocked} {...form.getInputProps('lastname')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Email" type="email" required autoComplete="off" readOnly={emailLocked} {...form.getInputProps('email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Phone"
              type="tel"
              inputMode="tel"
              placeholder="(XXX) XXX-XXXX"
              autoComplete="off"
              {...form.getInputProps('phone')}
              onChange={(event) => form.setFieldValue('phone', formatPhone(event.currentTarget.value))}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label="Permission"
              required
              data={PERMISSIONS.map((p) => ({ value: p.value, label: p.label }))}
              allowDeselect={false}
              disabled={!canSetPermission}
              description={canSetPermission ? undefined : 'Only an admin can change the permission.'}
              {...form.getInputProps('permission')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label="Job Role"
              placeholder="Choose a job role"
              clearable
              data={roles}
              description={roles.length === 0 ? <NoJobRolesHint /> : undefined}
              {...form.getInputProps('jobroleId')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select label="Manager" placeholder="Choose a manager" clearable data={managerOptions(employee, data)} {...form.getInputProps('managerId')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <TextInput label="Birthday" placeholder="MM/DD" autoComplete="off" maxLength={5} {...form.getInputProps('birthday')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <TextInput label="Start Date" type="date" {...form.getInputProps('startDate')} />
          </Grid.Col>
          {employee?.status === STATUS_TERMINATED ? (
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Termination Date" readOnly value={formatCalendarDate(employee.lastTerminationDate)} />
            </Grid.Col>
          ) : null}
          <Grid.Col span={12}>
            <TextInput label="Address" autoComplete="off" {...form.getInputProps('address')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput label="City" autoComplete="off" {...form.getInputProps('city')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <TextInput label="State" autoComplete="off" {...form.getInputProps('state')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput label="Zip" autoComplete="off" {...form.getInputProps('zip')} />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={cancelTo} variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
