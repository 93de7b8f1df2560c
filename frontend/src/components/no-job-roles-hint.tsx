import { Anchor } from '@mantine/core';
import { Link, useLocation } from 'react-router';

/** Settings tab 4 (Job Roles), with the way back to the screen that sent the admin there (?return=). */
export const jobRolesSettingsPath = (back: string) => `/admin/manage/settings?tab=4&return=${encodeURIComponent(back)}`;

export const NO_JOB_ROLES = 'No job roles yet — add them in Settings › Job Roles';

/**
 * Under a job-role picker that has nothing to offer: a new company has no roles until an admin adds
 * them, and an empty dropdown does not say where. `onFollow` lets a dialog close as the link leaves.
 */
export function NoJobRolesHint({ onFollow }: { onFollow?: () => void }) {
  const location = useLocation();
  return (
    <span data-testid="no-job-roles">
      No job roles yet — add them in{' '}
      <Anchor component={Link} to={jobRolesSettingsPath(`${location.pathname}${location.search}`)} onClick={onFollow} inherit>
        Settings › Job Roles
      </Anchor>
    </span>
  );
}
