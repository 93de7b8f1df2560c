import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { Pager } from '@/components/pager';
import { useHrTypes } from '../api/get-hr-types';
import { DEFAULT_POLICY_SORT, POLICY_SORTS, usePolicies } from '../api/get-policies';
import type { PolicyView } from '../api/schemas';
import { BroadcastDock } from './broadcast-dock';
import { BroadcastList, type BroadcastRowActions } from './broadcast-list';
import { DeleteBroadcastDialog } from './delete-broadcast-dialog';
import { failureMessage, HR_TEXTS } from './labels';
import { ListToolbar, pageCount } from './list-parts';
import { NoTypesHint, POLICY_TYPES_SETTINGS_PATH } from './no-types-hint';
import { useBroadcastPanel } from './use-broadcast-panel';

interface ScreenProps {
  /** The company's zone (dates, and the publisher's today). */
  timeZone: string;
  /** The signed-in person: never a recipient of their own publication. */
  selfId: number | null;
}

/**
 * /admin/manage/hr-policy, the HR Broadcast History (002 §2): the company's policies, 10 a page,
 * sorted by Title, Type, Create Date or Broadcast Date and filtered by type, each with its latest
 * publication's status, Edit, Publish, Status and Delete. Adding or editing leads on to the
 * publisher (save = 'Next'); publishing goes back to page 1. ?startAdd=1 opens the add panel.
 */
export function BroadcastHistoryScreen({ timeZone, selfId }: ScreenProps) {
  usePageTitle('HR Broadcast History');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState(DEFAULT_POLICY_SORT);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<PolicyView | null>(null);
  const { panel, setPanel, opened, setOpened, show, close, dropStartAdd } = useBroadcastPanel();
  const types = useHrTypes();
  const policies = usePolicies({ page, sort, policyTypeId: typeId });

  // A delete can empty the last page: go back to the new last one.
  if (policies.data && !policies.isPlaceholderData && page > pageCount(policies.data.policyCount)) setPage(pageCount(policies.data.policyCount));

  const actionsFor = (policy: PolicyView): BroadcastRowActions => ({
    onEdit: () => show({ kind: 'edit', policyId: policy.id }),
    onPublish: () => show({ kind: 'publish', policy }),
    onStatus: () => show({ kind: 'status', policy }),
    onDelete: () => setDeleting(policy),
  });

  const list = policies.data?.policies ?? [];
  const pages = pageCount(policies.data?.policyCount ?? 0);
  const noTypes = policies.data !== undefined && policies.data.policyTypes.length === 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          HR Broadcast History
        </Title>
        <Button onClick={() => show({ kind: 'add' })} aria-haspopup="dialog">
          + Add HR Broadcast
        </Button>
      </Group>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          {noTypes ? <NoTypesHint text={HR_TEXTS.noPolicyTypes} settingsPath={POLICY_TYPES_SETTINGS_PATH} /> : null}
          <ListToolbar
            sorts={POLICY_SORTS}
            sort={sort}
            onSort={(next) => {
              setSort(next);
              setPage(1);
            }}
            types={types.data?.policytypes ?? []}
            typeId={typeId}
            onType={(next) => {
              setTypeId(next);
              setPage(1);
            }}
          />
          {policies.isPending ? (
            <Loader size="sm" aria-label="Loading the broadcasts" />
          ) : policies.isError ? (
            <FormAlert>{failureMessage(policies.error)}</FormAlert>
          ) : list.length === 0 ? (
            <Text c="dimmed">{HR_TEXTS.noBroadcasts}</Text>
          ) : (
            <BroadcastList policies={list} timeZone={timeZone} actionsFor={actionsFor} />
          )}
          {pages > 1 ? <Pager total={pages} value={Math.min(page, pages)} onChange={setPage} /> : null}
        </Stack>
      </Paper>

      <BroadcastDock
        panel={panel}
        opened={opened}
        onClose={close}
        timeZone={timeZone}
        selfId={selfId}
        onSaved={(policy) => {
          dropStartAdd();
          setPanel({ kind: 'publish', policy });
        }}
        onPublished={() => {
          setOpened(false);
          setPage(1);
        }}
        onStopped={() => setOpened(false)}
      />

      <DeleteBroadcastDialog policy={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
