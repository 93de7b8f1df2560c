import { ApiError } from '@/lib/api-client';
import { GENERIC_FORM_ERROR } from '@/lib/form-errors';

/** Spec 001 texts of the HR-folder screens. */
export const TEXTS = {
  noMatch: 'There is no employee who fits your search criteria',
  noEmployees: 'No Employees... You must be swamped!',
  noContact: 'There is no contact on file',
  noEmergencyContact: 'There is no emergency contact on file',
  noActivity: 'No activity yet',
  noAcknowledgement: 'No acknowledgement yet',
  mailSentTitle: "Mail's away",
  bulkMailSent: 'We sent each new employee an e-mail with a link to create their password and log in.',
  newEmployeeMailSent: (name: string) => `We sent ${name} an e-mail with a link to create a password and log in.`,
  welcomeBack: (name: string) => `Welcome back, ${name}! The account is active again.`,
  unsavedChanges: 'You have unsaved changes, are you sure you want to leave this page?',
  noTimeOff: 'There is no time off request',
  cancelTimeOff: "Once you hit cancel there's no going back!",
  removeTimeOff: "Once you hit remove there's no going back!",
  /** The onboarding tour's step on the list (spec 001 §2 `inJoyride`, `joyhop`). */
  setupPtoNow: 'Setup PTO Now',
  staffAddedInTour: 'Your employees are in! Each of them got an e-mail to create a password and log in. Next, set up their time off.',
  staffImportedInTour: 'Here is your team, brought over from your agency management system. Next, set up their time off.',
} as const;

/** The folder's tabs by their ?tab= number (spec 001 §2). */
export const FOLDER_TABS = { all: '1', events: '2', documents: '3', requests: '4', timeOffHistory: '5', licensing: '6' } as const;

/** A person's folder on its Licensing tab (issue 42): where the compliance page's names lead. */
export const folderLicensingPath = (employeeId: number): string => `/admin/manage/view-user/${employeeId}?tab=${FOLDER_TABS.licensing}`;

/** Spec 001 §9: side panel widths; phones take the full width. */
export const DOCK_WIDTHS = { contact: 350, activity: 550, record: 650 } as const;

/** 'MMM DD, YYYY' of an instant (company zone) and of a calendar date: shared with the HR records. */
export { formatCalendarDate, formatMediumDate } from '@/lib/company-time';

/** A failed call for an alert: the server's explanation of a refusal, else the generic text. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) return error.firstMessage;
  return GENERIC_FORM_ERROR;
}

/** Spec 001 §8: form submission errors are prefixed 'Sorry'. */
export const sorry = (message: string): string => `Sorry ${message}`;

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

export { formatTimeOff, slashDate, timeOffDates } from '@/lib/time-off';
