import { Anchor, Group, Paper, Stack, Tabs, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { PtoPlansSection } from '@/features/pto/components/plan-cards';
import { PtoRulesSection } from '@/features/pto/components/pto-rules-section';
import { PtoTypesSection } from '@/features/pto/components/pto-types-section';
import { ApprovalPathsTab } from '@/features/approvals/components/approval-paths-tab';
import { StandInsTab } from '@/features/approvals/components/stand-ins-tab';
import { DocumentEventTypesTab } from '@/features/hr/components/document-event-types-tab';
import { PolicyTypesTab } from '@/features/hr/components/policy-types-tab';
import { JobRolesTab } from './job-roles-tab';
import { KiosksTab } from './kiosks-tab';
import { LocationsTab } from './locations-tab';
import { TimeSettingsTab } from './time-settings-tab';

/**
 * Settings tabs by their ?tab= number (spec 002 §2), the one place these numbers live: 1 time and
 * overtime, 2 PTO types, 3 PTO plans, 4 job roles, 5 document and event types, 6 policy types,
 * 7 PTO rules, 8 work locations, 9 kiosks (issue 40; admins only), 10 approval paths (issue 41;
 * admins only) and 11 out of office (issue 41: stand-ins, managers and admins).
 */
export const SETTINGS_TABS = {
  time: '1',
  ptoTypes: '2',
  ptoPlans: '3',
  jobRoles: '4',
  documentEventTypes: '5',
  policyTypes: '6',
  ptoRules: '7',
  workLocations: '8',
  kiosks: '9',
  approvalPaths: '10',
  outOfOffice: '11',
} as const;
const KNOWN_TABS: string[] = Object.values(SETTINGS_TABS);
/** The tab Settings opens on when the address names none: the first of the row, whatever its number. */
const FIRST_TAB = SETTINGS_TABS.time;

/** A `return` target must stay inside the app. */
const safeReturn = (value: string | null): string | null => (value && value.startsWith('/') && !value.startsWith('//') ? value : null);

/** /admin/manage/settings (?tab selects the tab, ?return names the page to go back to). */
export function SettingsScreen({
  canEditTime = false,
  canEditPto = false,
  canEditLocations = false,
  canManageKiosks = false,
  canManageApprovals = false,
  viewerId = null,
  timeZone,
}: {
  canEditTime?: boolean;
  canEditPto?: boolean;
  canEditLocations?: boolean;
  /** Admins: the Kiosks tab (managers do not see it). */
  canManageKiosks?: boolean;
  /** Admins: the Approval paths tab, and stand-ins for anyone under Out of office (managers set their own). */
  canManageApprovals?: boolean;
  /** The signed-in person (a manager's stand-ins are for them). */
  viewerId?: number | null;
  /** The company's time zone (today's date of a new stand-in). */
  timeZone?: string;
}) {
  usePageTitle('Settings');
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const adminOnly = (requested === SETTINGS_TABS.kiosks && !canManageKiosks) || (requested === SETTINGS_TABS.approvalPaths && !canManageApprovals);
  const known = requested && KNOWN_TABS.includes(requested) && !adminOnly;
  const tab = known ? requested : FIRST_TAB;
  const back = safeReturn(search.get('return'));
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Settings
        </Title>
        {back ? (
          <Anchor component={Link} to={back}>
            Back
          </Anchor>
        ) : null}
      </Group>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Tabs
          value={tab}
          onChange={(next) =>
            setSearch(
              (prev) => {
                const params = new URLSearchParams(prev);
                params.set('tab', next ?? FIRST_TAB);
                return params;
              },
              { replace: true },
            )
          }
        >
          <Tabs.List mb="md">
            <Tabs.Tab value={SETTINGS_TABS.time}>Time &amp; Overtime</Tabs.Tab>
            <Tabs.Tab value={SETTINGS_TABS.workLocations}>Work Locations</Tabs.Tab>
            {canManageKiosks ? <Tabs.Tab value={SETTINGS_TABS.kiosks}>Kiosks</Tabs.Tab> : null}
            <Tabs.Tab value={SETTINGS_TABS.ptoTypes}>PTO Types</Tabs.Tab>
            <Tabs.Tab value={SETTINGS_TABS.ptoPlans}>PTO Plans</Tabs.Tab>
            <Tabs.Tab value={SETTINGS_TABS.ptoRules}>PTO Rules</Tabs.Tab>
            <Tabs.Tab value={SETTINGS_TABS.jobRoles}>Job Roles</Tabs.Tab>
            <Tabs.Tab value={SETTINGS_TABS.documentEventTypes}>Document &amp; Event Types</Tabs.Tab>
            <Tabs.Tab value={SETTINGS_TABS.policyTypes}>Policy Types</Tabs.Tab>
            {canManageApprovals ? <Tabs.Tab value={SETTINGS_TABS.approvalPaths}>Approval paths</Tabs.Tab> : null}
            <Tabs.Tab value={SETTINGS_TABS.outOfOffice}>Out of office</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value={SETTINGS_TABS.time}>
            <TimeSettingsTab canEdit={canEditTime} />
          </Tabs.Panel>
          {/* The locations and the people picker are asked for only once their tab is open. */}
          <Tabs.Panel value={SETTINGS_TABS.workLocations}>{tab === SETTINGS_TABS.workLocations ? <LocationsTab canEdit={canEditLocations} /> : null}</Tabs.Panel>
          {canManageKiosks ? <Tabs.Panel value={SETTINGS_TABS.kiosks}>{tab === SETTINGS_TABS.kiosks ? <KiosksTab /> : null}</Tabs.Panel> : null}
          <Tabs.Panel value={SETTINGS_TABS.ptoTypes}>
            <PtoTypesSection canEdit={canEditPto} />
          </Tabs.Panel>
          <Tabs.Panel value={SETTINGS_TABS.ptoPlans}>
            <PtoPlansSection canEdit={canEditPto} />
          </Tabs.Panel>
          <Tabs.Panel value={SETTINGS_TABS.ptoRules}>
            <PtoRulesSection canEdit={canEditPto} />
          </Tabs.Panel>
          <Tabs.Panel value={SETTINGS_TABS.jobRoles}>
            <JobRolesTab />
          </Tabs.Panel>
          {/* The HR types read GET /settings/data through their own query: asked for only once their tab is open. */}
          <Tabs.Panel value={SETTINGS_TABS.documentEventTypes}>{tab === SETTINGS_TABS.documentEventTypes ? <DocumentEventTypesTab /> : null}</Tabs.Panel>
          <Tabs.Panel value={SETTINGS_TABS.policyTypes}>{tab === SETTINGS_TABS.policyTypes ? <PolicyTypesTab /> : null}</Tabs.Panel>
          {/* Issue 41: the approval paths and the stand-ins, asked for only once their tab is open. */}
          {canManageApprovals ? (
            <Tabs.Panel value={SETTINGS_TABS.approvalPaths}>{tab === SETTINGS_TABS.approvalPaths ? <ApprovalPathsTab /> : null}</Tabs.Panel>
          ) : null}
          <Tabs.Panel value={SETTINGS_TABS.outOfOffice}>
            {tab === SETTINGS_TABS.outOfOffice ? <StandInsTab chooseAnyone={canManageApprovals} selfId={viewerId} timeZone={timeZone} /> : null}
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Stack>
  );
}
