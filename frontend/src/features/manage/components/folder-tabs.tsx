import { Tabs } from '@mantine/core';
import { DocRequestsTab } from '@/features/hr/components/doc-requests-tab';
import { DocumentsTab } from '@/features/hr/components/documents-tab';
import { EventsTab } from '@/features/hr/components/events-tab';
import { LicensingFolderSection } from '@/features/licensing/components/licensing-folder';
import { ActivityTimeline } from './activity-timeline';
import { FOLDER_TABS } from './labels';
import { TimeOffHistory } from './time-off-history';

interface FolderTabsProps {
  employeeId: number;
  timeZone: string;
  /** The tab shown (a FOLDER_TABS value). */
  tab: string;
  onTab: (tab: string) => void;
}

/**
 * The folder's tabs: 'All' (the activity timeline), 'HR Events', 'HR Documents', 'HR Doc Request', 'Time Off History'
 * and 'Licensing' (issue 42: the producer's licences, CE and appointments).
 */
export function FolderTabs({ employeeId, timeZone, tab, onTab }: FolderTabsProps) {
  return (
    <Tabs value={tab} keepMounted={false} onChange={(next) => onTab(next ?? FOLDER_TABS.all)}>
      <Tabs.List mb="md">
        <Tabs.Tab value={FOLDER_TABS.all}>All</Tabs.Tab>
        <Tabs.Tab value={FOLDER_TABS.events}>HR Events</Tabs.Tab>
        <Tabs.Tab value={FOLDER_TABS.documents}>HR Documents</Tabs.Tab>
        <Tabs.Tab value={FOLDER_TABS.requests}>HR Doc Request</Tabs.Tab>
        <Tabs.Tab value={FOLDER_TABS.timeOffHistory}>Time Off History</Tabs.Tab>
        <Tabs.Tab value={FOLDER_TABS.licensing}>Licensing</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value={FOLDER_TABS.all}>
        <ActivityTimeline employeeId={employeeId} timeZone={timeZone} onShowRequests={() => onTab(FOLDER_TABS.requests)} />
      </Tabs.Panel>
      <Tabs.Panel value={FOLDER_TABS.events}>
        <EventsTab employeeId={employeeId} timeZone={timeZone} />
      </Tabs.Panel>
      <Tabs.Panel value={FOLDER_TABS.documents}>
        <DocumentsTab employeeId={employeeId} timeZone={timeZone} />
      </Tabs.Panel>
      <Tabs.Panel value={FOLDER_TABS.requests}>
        <DocRequestsTab employeeId={employeeId} timeZone={timeZone} />
      </Tabs.Panel>
      <Tabs.Panel value={FOLDER_TABS.timeOffHistory}>
        <TimeOffHistory employeeId={employeeId} timeZone={timeZone} />
      </Tabs.Panel>
      <Tabs.Panel value={FOLDER_TABS.licensing}>
        <LicensingFolderSection employeeId={employeeId} mode="manage" timeZone={timeZone} />
      </Tabs.Panel>
    </Tabs>
  );
}
