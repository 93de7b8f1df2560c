import { employeesKeys, type employeesQuery } from '@/lib/employees';

type EmployeesQuery = ReturnType<typeof employeesQuery>;

/**
 * Query keys of the employee screens. Every write of an employee, a contact or an avatar invalidates
 * `all` (the lists, the folder, the contacts). The pickers' list (`employees`) lives in
 * `src/lib/employees`; the folder's activity timeline sits under `employee(id)`, which the HR
 * records invalidate; the folder's PTO history sits under the PTO keys (`pto`), so a PTO change
 * refreshes it too.
 */
export const manageKeys = {
  all: ['manage'] as const,
  data: ['manage', 'data'] as const,
  /** Every employee list: the pickers' and the HR-folder list. */
  employees: employeesKeys.all,
  employeeList: (query: EmployeesQuery) => ['manage', 'employees', 'list', query] as const,
  employee: (id: number) => ['manage', 'employee', id] as const,
  employeeFull: (id: number) => ['manage', 'employee', id, 'full'] as const,
  activities: (id: number, filter: string) => ['manage', 'employee', id, 'activities', filter] as const,
  activity: (id: number) => ['manage', 'activity', id] as const,
  contacts: (eid: number) => ['manage', 'contacts', eid] as const,
  contact: (eid: number, id: number | null) => ['manage', 'contacts', eid, id] as const,
  importAgencyzoom: ['manage', 'import-agencyzoom'] as const,
  /**
   * Every work-location query (issue 40): the settings screen keeps the company's locations at
   * `['locations']` (read whole there); a location's change there refreshes the ones below.
   */
  locations: ['locations'] as const,
  /** GET /locations read as the choices of a person's locations (id and name), apart from the settings screen's copy. */
  locationChoices: ['locations', 'choices'] as const,
  /** GET /locations/of-person: the person's work locations. */
  personLocations: (id: number) => ['locations', 'of-person', id] as const,
  /** GET /settings/employee-overtime: the person's own overtime rules (issue 37). */
  overtime: (id: number) => ['manage', 'employee', id, 'overtime'] as const,
  /** GET /pto/history of the folder, under the PTO screens' ['pto', 'employee', id]. */
  folderPtoHistory: (employeeId: number) => ['pto', 'employee', employeeId, 'folder-history'] as const,
};

/** Keys of other screens an employee-screen write refreshes, named here by their keys only. */
export const otherKeys = {
  /** Every PTO query (the PTO screens, the folder's PTO card and history). */
  pto: ['pto'] as const,
  inbox: ['inbox'] as const,
  dashboard: ['dashboard'] as const,
  /** Every timesheet query: overtime follows a person's own rules. */
  timesheet: ['timesheet'] as const,
  /** Every report query: overtime follows a person's own rules. */
  reports: ['reports'] as const,
  /** The company profile. */
  company: ['company'] as const,
  /** GET /account/login-data: the shell's identity (the company's name). */
  loginData: ['auth', 'login-data'] as const,
};
