import type { ManageData } from '../api/get-manage-data';
import type { EmployeeFormValues } from '../api/save-employee';
import { DEFAULT_PERMISSION, fullName, permissionOfRole, type Employee } from '../api/schemas';

/** The form's values: blank (the company's default manager) for a new person, else the person's. */
export function initialEmployeeValues(employee: Employee | null, data: ManageData): EmployeeFormValues {
  if (!employee) {
    return {
      firstname: '',
      lastname: '',
      email: '',
      phone: '',
      permission: DEFAULT_PERMISSION,
      jobroleId: null,
      managerId: data.defaultManagerId !== null ? String(data.defaultManagerId) : null,
      birthday: '',
      startDate: '',
      address: '',
      city: '',
      state: '',
      zip: '',
    };
  }
  return {
    firstname: employee.firstname,
    lastname: employee.lastname,
    email: employee.email,
    phone: employee.phone ?? '',
    permission: permissionOfRole(employee.role),
    jobroleId: employee.jobroleId !== null ? String(employee.jobroleId) : null,
    managerId: employee.managerId !== null ? String(employee.managerId) : null,
    birthday: employee.birthday ?? '',
    startDate: employee.lastStartDate ?? '',
    address: employee.address ?? '',
    city: employee.city ?? '',
    state: employee.state ?? '',
    zip: employee.zip ?? '',
  };
}

/** The pickers offer active roles and managers, plus whatever the person has now. */
export function roleOptions(employee: Employee | null, data: ManageData) {
  const options = data.jobRoles.map((r) => ({ value: String(r.id), label: r.name }));
  if (employee?.jobroleId != null && !options.some((o) => o.value === String(employee.jobroleId))) {
    options.push({ value: String(employee.jobroleId), label: employee.jobroleName ?? `#${employee.jobroleId}` });
  }
  return options;
}

export function managerOptions(employee: Employee | null, data: ManageData) {
  const options = data.managers.filter((m) => m.id !== employee?.id).map((m) => ({ value: String(m.id), label: fullName(m) }));
  if (employee?.managerId != null && !options.some((o) => o.value === String(employee.managerId))) {
    options.push({ value: String(employee.managerId), label: employee.managerName ?? `#${employee.managerId}` });
  }
  return options;
}
