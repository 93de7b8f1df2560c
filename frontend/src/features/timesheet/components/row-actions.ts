import { isAdmin, isPrivileged, type Identity } from '@/lib/identity';
import { ENTRY_PENDING_APPROVAL, type Entry } from '../api/schemas';

/**
 * Who may do what with a timesheet row (spec 000 §6). The UI hides what a role cannot do; the
 * server refuses it anyway.
 * - Everyone with the row: Details, Comments, Change History.
 * - Own rows: 'Request Edit' (any role).
 * - Admins and managers on other people's rows: the edit-request panel too, to raise a request or
 *   approve / reject a raised one ('Review Edit Request' while the row is pending approval).
 * - Admins alone: 'Edit Now' and 'Delete'.
 */
export type RowAction = 'details' | 'comments' | 'history' | 'request-edit' | 'edit' | 'delete';

export interface RowActionItem {
  action: RowAction;
  label: string;
}

export type Viewer = Pick<Identity, 'eid' | 'roles'>;

export const isOwnEntry = (viewer: Viewer, entry: Pick<Entry, 'employeeId'>): boolean => viewer.eid !== null && viewer.eid === entry.employeeId;

export function rowActionsFor(viewer: Viewer, entry: Pick<Entry, 'employeeId' | 'entryStatus'>): RowActionItem[] {
  const items: RowActionItem[] = [
    { action: 'details', label: 'Details' },
    { action: 'comments', label: 'Comments' },
    { action: 'history', label: 'Change History' },
  ];
  const own = isOwnEntry(viewer, entry);
  if (own) {
    items.push({ action: 'request-edit', label: 'Request Edit' });
  } else if (isPrivileged(viewer)) {
    items.push({
      action: 'request-edit',
      label: entry.entryStatus === ENTRY_PENDING_APPROVAL ? 'Review Edit Request' : 'Request Edit',
    });
  }
  if (isAdmin(viewer)) {
    items.push({ action: 'edit', label: 'Edit Now' }, { action: 'delete', label: 'Delete' });
  }
  return items;
}

/** Admins and managers add shifts (for the people in their reach). */
export const canAddShift = (viewer: Viewer): boolean => isPrivileged(viewer);

/** Admins and managers pick whose timesheet they see. */
export const canPickEmployee = (viewer: Viewer): boolean => isPrivileged(viewer);

/**
 * Approve and reject a raised request, as the server allows: admins anyone's; managers their
 * reports' (the server decides who is in whose reach), not a request about their own shift.
 * `employeeId` is the request's employeeId: whose shift it is.
 */
export const canReviewRequest = (viewer: Viewer, employeeId: number): boolean =>
  isAdmin(viewer) || (isPrivileged(viewer) && viewer.eid !== employeeId);

/**
 * Only the person who raised a request may cancel it. The request names its requester by id when
 * the server sends `requesterId`; otherwise the shift's owner is taken as the requester (the usual
 * case: people ask for corrections of their own shifts) and the server refuses anyone else.
 */
export const isRequester = (viewer: Viewer, request: { employeeId: number; requesterId: number | null }): boolean =>
  viewer.eid !== null && viewer.eid === (request.requesterId ?? request.employeeId);

/**
 * 'Accept as is' of a missed punch (issue 40): admins and managers on someone else's shift (the
 * server decides who is in whose reach); nobody settles their own.
 */
export const canAcceptMissedPunch = (viewer: Viewer, entry: Pick<Entry, 'employeeId'>): boolean =>
  isPrivileged(viewer) && !isOwnEntry(viewer, entry);
