import { Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { PersonAvatar } from '@/components/person-avatar';
import { FolderDocumentPanel, FolderEventPanel } from '@/features/hr/components/folder-record-panels';
import { useActivityDetails } from '../api/get-user-activities';
import type { Activity } from '../api/schemas';
import { DOCK_WIDTHS, failureMessage, formatMediumDate } from './labels';

export const actorOf = (a: Activity): string => `${a.actorFirstname ?? ''} ${a.actorLastname ?? ''}`.trim();
const targetOf = (a: Activity): string => `${a.targetFirstname} ${a.targetLastname}`.trim();

/** The dock an activity opens: its detail, or the HR record it is about. */
export type OpenedActivity = { kind: 'activity'; id: number } | { kind: 'event'; id: number } | { kind: 'document'; id: number };

function ActivityDetail({ activityId, employeeId, timeZone }: { activityId: number; employeeId: number; timeZone: string }) {
  const detail = useActivityDetails(activityId);
  if (detail.isPending) return <Loader size="sm" aria-label="Loading the activity" />;
  if (detail.isError) return <FormAlert>{failureMessage(detail.error)}</FormAlert>;
  const a = detail.data;
  return (
    <Stack gap="md" data-testid="activity-detail">
      <Group wrap="nowrap" gap="sm">
        <PersonAvatar url={a.avatar} firstname={a.targetFirstname} lastname={a.targetLastname} size={48} />
        <Stack gap={0} miw={0}>
          <Text fw={700}>{a.title}</Text>
          <Text size="sm" c="dimmed">
            {formatMediumDate(a.activityDate, timeZone)}
          </Text>
        </Stack>
      </Group>
      {a.activityDesc ? <Text style={{ whiteSpace: 'pre-wrap' }}>{a.activityDesc}</Text> : null}
      <Stack gap={4}>
        <Text size="sm">
          <Text span fw={600}>
            Employee:{' '}
          </Text>
          {a.employeeId === employeeId ? (
            targetOf(a)
          ) : (
            <Anchor component={Link} to={`/admin/manage/view-user/${a.employeeId}`}>
              {targetOf(a)}
            </Anchor>
          )}
        </Text>
        {actorOf(a) ? (
          <Text size="sm">
            <Text span fw={600}>
              By:{' '}
            </Text>
            {actorOf(a)}
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
}

interface ActivityDocksProps {
  /** What was opened last (it stays while its dock slides out). */
  shown: OpenedActivity | null;
  opened: boolean;
  onClose: () => void;
  employeeId: number;
  timeZone: string;
}

/** The docks an activity opens: its detail (550 wide), or the HR event or document it is about (650). */
export function ActivityDocks({ shown, opened, onClose, employeeId, timeZone }: ActivityDocksProps) {
  return (
    <>
      <Dock opened={opened && shown?.kind === 'activity'} onClose={onClose} title="Activity Detail" width={DOCK_WIDTHS.activity}>
        {shown?.kind === 'activity' ? <ActivityDetail activityId={shown.id} employeeId={employeeId} timeZone={timeZone} /> : null}
      </Dock>
      <Dock opened={opened && shown?.kind === 'event'} onClose={onClose} title="HR Event" width={DOCK_WIDTHS.record} testId="activity-event-dock">
        {shown?.kind === 'event' ? <FolderEventPanel id={shown.id} employeeId={employeeId} timeZone={timeZone} onDeleted={onClose} /> : null}
      </Dock>
      <Dock opened={opened && shown?.kind === 'document'} onClose={onClose} title="HR Document" width={DOCK_WIDTHS.record} testId="activity-document-dock">
        {shown?.kind === 'document' ? <FolderDocumentPanel id={shown.id} employeeId={employeeId} timeZone={timeZone} onDeleted={onClose} /> : null}
      </Dock>
    </>
  );
}
