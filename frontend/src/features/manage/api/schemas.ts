import { z } from '@/lib/zod';

/**
 * Shapes of the HR-folder endpoints (spec 001 §3; issue 5 contract). Optional strings arrive as
 * null; dates are 'YYYY-MM-DD' calendar dates, birthdays 'MM/DD', instants ISO-8601 UTC.
 */
const nullableString = z.string().nullable().optional().transform((v) => v ?? null);
const nullableId = z.number().int().nullable().optional().transform((v) => v ?? null);

export const EMPLOYEE_ROLES = ['employee', 'manager', 'admin'] as const;
export type EmployeeRole = (typeof EMPLOYEE_ROLES)[number];

/** Employee status (spec 001 §9): 1 active, 0 terminated. */
export const STATUS_ACTIVE = 1;
export const STATUS_TERMINATED = 0;

export const employeeSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: nullableString,
  avatar: nullableString,
  status: z.number().int(),
  role: z.enum(EMPLOYEE_ROLES),
  permission: z.string(),
  userRoleName: z.string().optional(),
  jobroleId: nullableId,
  jobroleName: nullableString,
  managerId: nullableId,
  managerName: nullableString,
  birthday: nullableString,
  lastStartDate: nullableString,
  lastTerminationDate: nullableString,
  address: nullableString,
  city: nullableString,
  state: nullableString,
  zip: nullableString,
  isSsoUser: z.boolean().optional().transform((v) => v ?? false),
});
export type Employee = z.output<typeof employeeSchema>;

export const jobRoleSchema = z.object({ id: z.number().int(), name: z.string(), active: z.boolean() });
export type JobRole = z.output<typeof jobRoleSchema>;

export const RELATIONSHIPS = ['Relative', 'Friend'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

export const contactSchema = z.object({
  id: z.number().int(),
  eid: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  relationship: z.string(),
  phone: z.string(),
  email: nullableString,
});
export type Contact = z.output<typeof contactSchema>;

/** Activity types (spec 001 §9; 'TERNIMATE' is the spec's spelling). */
export const ACTIVITY_START = 'EMPLOYEE_START';
export const ACTIVITY_TERMINATE = 'EMPLOYEE_TERNIMATE';
export const ACTIVITY_REACTIVATE = 'EMPLOYEE_REACTIVATE';
/** The activities whose detail opens on click (start, terminate, reactivate). */
export const DETAILED_ACTIVITIES: readonly string[] = [ACTIVITY_START, ACTIVITY_TERMINATE, ACTIVITY_REACTIVATE];

/**
 * Activities of HR records (issue 20), each with the `recordId` of its record: an event added
 * (HR_EVENT) or acknowledged (EVENT_AFFIRMATION), a document added (HR_DOC) or uploaded by the
 * employee for a request (DOC_REQUEST: the document), a document request made (HR_DOC_REQ).
 */
export const EVENT_ACTIVITIES: readonly string[] = ['HR_EVENT', 'EVENT_AFFIRMATION'];
export const DOCUMENT_ACTIVITIES: readonly string[] = ['HR_DOC', 'DOC_REQUEST'];
export const REQUEST_ACTIVITIES: readonly string[] = ['HR_DOC_REQ'];

export const activitySchema = z.object({
  id: z.number().int(),
  activityType: z.string(),
  activityDate: z.string(),
  title: z.string(),
  activityDesc: z.string().nullable().optional().transform((v) => v ?? ''),
  employeeId: z.number().int(),
  targetFirstname: z.string(),
  targetLastname: z.string(),
  actorFirstname: nullableString,
  actorLastname: nullableString,
  avatar: nullableString,
  recordId: nullableId,
});
export type Activity = z.output<typeof activitySchema>;

/** Permission codes the add-user and bulk-add bodies take, with their labels (spec 001 §6). */
export const PERMISSIONS = [
  { value: 'employee', label: 'User' },
  { value: 'manager', label: 'Admin Control - Limited' },
  { value: 'companyadmin', label: 'Admin Control - Full' },
] as const;
export type PermissionCode = (typeof PERMISSIONS)[number]['value'];
export const DEFAULT_PERMISSION: PermissionCode = 'employee';

/** An employee's role as a permission code of the forms. */
export const permissionOfRole = (role: EmployeeRole): PermissionCode => (role === 'admin' ? 'companyadmin' : role);

export const fullName = (p: { firstname: string; lastname: string }): string => `${p.firstname} ${p.lastname}`.trim();
