import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { requiredEmail, requiredText } from '@/lib/validation';
import { isCompletePhone, PHONE_MESSAGE } from './phone';
import { employeeSchema, PERMISSIONS, type PermissionCode } from './schemas';
import { manageKeys } from './keys';

/** Spec 001 §5 messages of the employee form. */
export const EMPLOYEE_MESSAGES = {
  firstname: 'Please input the First name',
  lastname: 'Please input the Last name',
  email: 'Please input the Email',
  typo: 'Oops! Looks like you have a typo.',
  permission: 'Please select the Permission',
  birthday: 'Please input Month(1-12)/Date(1-31). e.g. 03/15',
} as const;

/**
 * A birthday 'MM/DD' (also 'M/D' or 'MM-DD') normalised to 'MM/DD', or null when it is not a day
 * of the year (02/29 is one).
 */
export function parseBirthday(value: string): string | null {
  const match = /^\s*(\d{1,2})\s*[/-]\s*(\d{1,2})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const day = Number(match[2]);
  if (month < 1 || month > 12 || day < 1) return null;
  // 2000 is a leap year: every birthday exists in it.
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}`;
}

const permissionCodes = PERMISSIONS.map((p) => p.value) as string[];

export const employeeFormSchema = z.object({
  firstname: requiredText(EMPLOYEE_MESSAGES.firstname),
  lastname: requiredText(EMPLOYEE_MESSAGES.lastname),
  email: requiredEmail(EMPLOYEE_MESSAGES.email, EMPLOYEE_MESSAGES.typo),
  phone: z.string().refine((v) => !v.trim() || isCompletePhone(v), { error: PHONE_MESSAGE }),
  permission: z.string().refine((v) => permissionCodes.includes(v), { error: EMPLOYEE_MESSAGES.permission }),
  jobroleId: z.string().nullable(),
  managerId: z.string().nullable(),
  birthday: z.string().refine((v) => !v.trim() || parseBirthday(v) !== null, { error: EMPLOYEE_MESSAGES.birthday }),
  startDate: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});
export type EmployeeFormValues = z.infer<typeof employeeFormSchema>;

/** The form's fields, to map a 400's field errors onto them. */
export const EMPLOYEE_FORM_FIELDS = Object.keys(employeeFormSchema.shape);

export interface SaveEmployeeBody {
  id?: number;
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  permission?: PermissionCode;
  jobroleId: number | null;
  managerId: number | null;
  birthday: string | null;
  startDate: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

const orNull = (value: string): string | null => value.trim() || null;
const idOrNull = (value: string | null): number | null => (value ? Number(value) : null);

/**
 * The body of POST /manage/add-user. Empty optional fields are sent as null (the server clears
 * them on update). Only admins send `permission`: the server ignores a manager's anyway.
 */
export function toSaveEmployeeBody(values: EmployeeFormValues, { id, canSetPermission }: { id: number | null; canSetPermission: boolean }): SaveEmployeeBody {
  return {
    ...(id !== null ? { id } : {}),
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    email: values.email.trim(),
    phone: orNull(values.phone),
    ...(canSetPermission ? { permission: values.permission as PermissionCode } : {}),
    jobroleId: idOrNull(values.jobroleId),
    managerId: idOrNull(values.managerId),
    birthday: values.birthday.trim() ? parseBirthday(values.birthday) : null,
    startDate: orNull(values.startDate),
    address: orNull(values.address),
    city: orNull(values.city),
    state: orNull(values.state),
    zip: orNull(values.zip),
  };
}

export const saveEmployeeResponseSchema = z.object({
  employee: employeeSchema,
  created: z.boolean(),
  /** A changed sign-in e-mail waits for the link sent to this address. */
  emailChangeSentTo: z.string().nullable().optional(),
});
export type SaveEmployeeResponse = z.output<typeof saveEmployeeResponseSchema>;

/** POST /manage/add-user: creates without `id` (a login e-mail goes out), updates with it. */
export const saveEmployee = (body: SaveEmployeeBody): Promise<SaveEmployeeResponse> =>
  api.post('/manage/add-user', body, { schema: saveEmployeeResponseSchema });

export function useSaveEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: manageKeys.all }),
  });
}

