import { Paper, Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { isoDateIn } from '@/lib/dates';
import { ComplianceTab } from './compliance-tab';
import { EoTab } from './eo-tab';
import { ImportTab } from './import-tab';
import { StateRulesTab } from './state-rules-tab';

/** The page's tabs by their ?tab= number: 1 compliance, 2 E&O policies, 3 state rules (admins), 4 import (admins). */
export const LICENSING_TABS = { compliance: '1', eo: '2', stateRules: '3', import: '4' } as const;

interface LicensingScreenProps {
  /** Admins: the state rules, E&O changes and the import; managers read compliance and E&O. */
  isAdmin: boolean;
  folderPath: (employeeId: number) => string;
  timeZone?: string;
  today?: string;
}

/** /admin/manage/licensing (issue 42): compliance and "Who may sell?", E&O policies, the state rules and the CSV import. */
export function LicensingScreen({ isAdmin, folderPath, timeZone, today = isoDateIn(new Date(), timeZone) }: LicensingScreenProps) {
  usePageTitle('Licensing');
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const adminOnly = requested === LICENSING_TABS.stateRules || requested === LICENSING_TABS.import;
  const tab = requested && (Object.values(LICENSING_TABS) as string[]).includes(requested) && (isAdmin || !adminOnly) ? requested : LICENSING_TABS.compliance;

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        Licensing
      </Title>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Tabs
          value={tab}
          keepMounted={false}
          onChange={(next) =>
            setSearch(
              (prev) => {
                const params = new URLSearchParams(prev);
                params.set('tab', next ?? LICENSING_TABS.compliance);
                return params;
              },
              { replace: true },
            )
          }
        >
          <Tabs.List mb="md">
            <Tabs.Tab value={LICENSING_TABS.compliance}>Compliance</Tabs.Tab>
            <Tabs.Tab value={LICENSING_TABS.eo}>E&amp;O policies</Tabs.Tab>
            {isAdmin ? <Tabs.Tab value={LICENSING_TABS.stateRules}>State rules</Tabs.Tab> : null}
            {isAdmin ? <Tabs.Tab value={LICENSING_TABS.import}>Import</Tabs.Tab> : null}
          </Tabs.List>
          <Tabs.Panel value={LICENSING_TABS.compliance}>
            <ComplianceTab folderPath={folderPath} today={today} />
          </Tabs.Panel>
          <Tabs.Panel value={LICENSING_TABS.eo}>
            <EoTab canEdit={isAdmin} />
          </Tabs.Panel>
          {isAdmin ? (
            <Tabs.Panel value={LICENSING_TABS.stateRules}>
              <StateRulesTab today={today} />
            </Tabs.Panel>
          ) : null}
          {isAdmin ? (
            <Tabs.Panel value={LICENSING_TABS.import}>
              <ImportTab />
            </Tabs.Panel>
          ) : null}
        </Tabs>
      </Paper>
    </Stack>
  );
}
