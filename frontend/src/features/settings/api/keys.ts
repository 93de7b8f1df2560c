import { employeesKeys } from '@/lib/employees';
import { overtimeRulesKey } from '@/lib/overtime-rules';
import { settingsDataKey } from '@/lib/settings-data';

/**
 * Query keys of the settings. Every write of a job role invalidates `data` (GET /settings/data,
 * read through `src/lib/settings-data`) and the employee screens' lists (`manageData`, owned by the
 * employee screens, named here by its key only); a change of the time settings replaces `data` and
 * invalidates the dashboard (`dashboard`, whose figures follow the pay cycle and overtime). A change
 * of the overtime rules (`overtime`) invalidates the dashboard, the timesheets and the reports
 * (named here by their keys only), whose overtime and double time follow them. Every write of a work
 * location (issue 40) invalidates `locations`, under which the employee edit screen keeps each
 * person's locations, so both screens show the same.
 */
export const settingsKeys = {
  data: settingsDataKey,
  /** GET /manage/data: the job roles of the employee screens' pickers. */
  manageData: ['manage', 'data'] as const,
  /** Every dashboard query. */
  dashboard: ['dashboard'] as const,
  /** GET /settings/overtime: the overtime rules by jurisdiction (issue 37). */
  overtime: overtimeRulesKey,
  /** Every timesheet query (owned by the timesheet screens). */
  timesheet: ['timesheet'] as const,
  /** Every report query (owned by the reports screen). */
  reports: ['reports'] as const,
  /** GET /locations: the company's work locations (issue 40), and under it every person's. */
  locations: ['locations'] as const,
  /** GET /kiosks: the company's kiosks (issue 40), revoked ones too. */
  kiosks: ['kiosks'] as const,
  /** Every page of GET /manage/employees (active people): the work locations' people picker. Under the employee lists' key, which every write of an employee invalidates. */
  activePeople: [...employeesKeys.all, 'all-active'] as const,
};
