import { settingsDataKey } from '@/lib/settings-data';

/**
 * Query keys of the settings. Every write of a job role invalidates `data` (GET /settings/data,
 * read through `src/lib/settings-data`) and the employee screens' lists (`manageData`, owned by the
 * employee screens, named here by its key only); a change of the time settings replaces `data` and
 * invalidates the dashboard (`dashboard`, whose figures follow the pay cycle and overtime).
 */
export const settingsKeys = {
  data: settingsDataKey,
  /** GET /manage/data: the job roles of the employee screens' pickers. */
  manageData: ['manage', 'data'] as const,
  /** Every dashboard query. */
  dashboard: ['dashboard'] as const,
};
