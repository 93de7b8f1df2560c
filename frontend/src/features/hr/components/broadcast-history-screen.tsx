import { Badge, Button, Card, Group, Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { Pager } from '@/components/pager';
import { formatMediumDate } from '@/lib/company-time';
import { useIsPhone } from '@/lib/media';
import { DELETE_POLICY_QUESTION, useDeletePolicy } from '../api/delete-policy';
import { useHrTypes } from '../api/get-hr-types';
import { DEFAULT_POLICY_SORT, POLICY_SORTS, usePolicies } from '../api/get-policies';
import type { PolicyView } from '../api/schemas';
import { BroadcastForm } from './broadcast-form';
import { BroadcastPublisher } from './broadcast-publisher';
import { BroadcastStatus } from './broadcast-status';
import { failureMessage, HR_DOCK_WIDTH, HR_TEXTS } from './labels';
import { ListToolbar, pageCount } from './list-parts';
import { NoTypesHint, POLICY_TYPES_SETTINGS_PATH } from './no-types-hint';
import { broadcastStatusColor, broadcastStatusText } from './policy-status';

/** What the side panel shows (002 §2: Add/Edit Broadcast, HR Broadcast publisher, Broadcast Status). */
type Panel =
  | { kind: 'add' }
  | { kind: 'edit'; policyId: number }
  | { kind: 'publish'; policy: PolicyView }
  | { kind: 'status'; policy: PolicyView };

const PANEL_TITLES: Record<Panel['kind'], string> = {
  add: 'Add Broadcast',
  edit: 'Edit Broadcast',
  publish: 'HR Broadcast Publisher',
  status: 'Broadcast Status',
};

/** ?startAdd=1 opens the add panel (the quick-add menu's 'Add HR Broadcast'). */
export const START_ADD_PARAM = 'startAdd';

interface RowActions {
  onEdit: () => void;
  onPublish: () => void;
  onStatus: () => void;
  onDelete: () => void;
}

function StatusBadge({ policy, timeZone }: { policy: PolicyView; timeZone: string }) {
  const latest = policy.workflows[0] ?? null;
  return (
    <Badge variant="filled" color={broadcastStatusColor(latest)} autoContrast tt="none" data-testid="policy-status">
      {broadcastStatusText(latest, timeZone)}
    </Badge>
  );
}

function Actions({ policy, onEdit, onPublish, onStatus, onDelete }: { policy: PolicyView } & RowActions) {
  return (
    <Group gap={6} wrap="wrap" justify="flex-end">
      <Button size="xs" variant="light" onClick={onEdit} aria-label={`Edit ${policy.title}`} aria-haspopup="dialog">
        Edit
      </Button>
      <Button size="xs" variant="light" onClick={onPublish} aria-label={`Publish ${policy.title}`} aria-haspopup="dialog">
        Publish
      </Button>
      <Button size="xs" variant="light" onClick={onStatus} disabled={policy.workflows.length === 0} aria-label={`Status of ${policy.title}`} aria-haspopup="dialog">
        Status
      </Button>
      <Button size="xs" variant="outline" color="red.9" onClick={onDelete} aria-label={`Delete ${policy.title}`}>
        Delete
      </Button>
    </Group>
  );
}

const dateOr = (instant: string | null, timeZone: string) => (instant ? formatMediumDate(instant, timeZone) : '-');

function PolicyCard({ policy, timeZone, ...actions }: { policy: PolicyView; timeZone: string } & RowActions) {
  return (
    <Card withBorder radius="md" p="sm" data-testid="broadcast">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {policy.title}
          </Text>
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {policy.typeName}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {`Created ${dateOr(policy.createDate, timeZone)} · Broadcast ${dateOr(policy.lastPublishDate, timeZone)}`}
        </Text>
        <Group>
          <StatusBadge policy={policy} timeZone={timeZone} />
        </Group>
        <Actions policy={policy} {...actions} />
      </Stack>
    </Card>
  );
}

function PolicyTable({ policies, timeZone, actionsFor }: { policies: readonly PolicyView[]; timeZone: string; actionsFor: (p: PolicyView) => RowActions }) {
  return (
    <Table striped verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Title</Table.Th>
          <Table.Th w={150}>Type</Table.Th>
          <Table.Th w={120}>Create Date</Table.Th>
          <Table.Th w={120}>Broadcast Date</Table.Th>
          <Table.Th w={170}>Status</Table.Th>
          <Table.Th w={200}>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {policies.map((policy) => (
          <Table.Tr key={policy.id} data-testid="broadcast">
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <Text fw={600} size="sm">
                {policy.title}
              </Text>
              {policy.document ? (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {`Document: ${policy.document.docName ?? policy.document.docFileName}`}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{policy.typeName}</Table.Td>
            <Table.Td>{dateOr(policy.createDate, timeZone)}</Table.Td>
            <Table.Td>{dateOr(policy.lastPublishDate, timeZone)}</Table.Td>
            <Table.Td>
              <StatusBadge policy={policy} timeZone={timeZone} />
            </Table.Td>
            <Table.Td>
              <Actions policy={policy} {...actionsFor(policy)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

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
  const isPhone = useIsPhone();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState(DEFAULT_POLICY_SORT);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [panel, setPanel] = useState<Panel>({ kind: 'add' });
  const [opened, setOpened] = useState(false);
  const [deleting, setDeleting] = useState<PolicyView | null>(null);
  const [handledStart, setHandledStart] = useState<string | null>(null);
  const types = useHrTypes();
  const policies = usePolicies({ page, sort, policyTypeId: typeId });
  const remove = useDeletePolicy();

  // ?startAdd=1: the add panel, once per visit of the address.
  if (search.get(START_ADD_PARAM) === '1' && handledStart !== location.key) {
    setHandledStart(location.key);
    setPanel({ kind: 'add' });
    setOpened(true);
  }
  // A delete can empty the last page: go back to the new last one.
  if (policies.data && !policies.isPlaceholderData && page > pageCount(policies.data.policyCount)) setPage(pageCount(policies.data.policyCount));

  const dropStartAdd = () => {
    if (!search.has(START_ADD_PARAM)) return;
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(START_ADD_PARAM);
        return next;
      },
      { replace: true },
    );
  };
  const show = (next: Panel) => {
    setPanel(next);
    setOpened(true);
  };
  const close = () => {
    setOpened(false);
    dropStartAdd();
  };
  const actionsFor = (policy: PolicyView): RowActions => ({
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
          ) : isPhone ? (
            <Stack gap="sm" data-testid="broadcasts">
              {list.map((policy) => (
                <PolicyCard key={policy.id} policy={policy} timeZone={timeZone} {...actionsFor(policy)} />
              ))}
            </Stack>
          ) : (
            <div data-testid="broadcasts">
              <PolicyTable policies={list} timeZone={timeZone} actionsFor={actionsFor} />
            </div>
          )}
          {pages > 1 ? <Pager total={pages} value={Math.min(page, pages)} onChange={setPage} /> : null}
        </Stack>
      </Paper>

      <Dock opened={opened} onClose={close} title={PANEL_TITLES[panel.kind]} width={HR_DOCK_WIDTH} testId="broadcast-dock">
        {panel.kind === 'add' || panel.kind === 'edit' ? (
          <BroadcastForm
            key={panel.kind === 'edit' ? panel.policyId : 'new'}
            policyId={panel.kind === 'edit' ? panel.policyId : null}
            onSaved={(policy) => {
              dropStartAdd();
              setPanel({ kind: 'publish', policy });
            }}
          />
        ) : panel.kind === 'publish' ? (
          <BroadcastPublisher
            key={panel.policy.id}
            policy={panel.policy}
            timeZone={timeZone}
            selfId={selfId}
            onPublished={() => {
              setOpened(false);
              setPage(1);
            }}
          />
        ) : (
          <BroadcastStatus key={panel.policy.id} workflows={panel.policy.workflows} timeZone={timeZone} onStopped={() => setOpened(false)} />
        )}
      </Dock>

      <ConfirmDialog
        opened={deleting !== null}
        title="Are you sure?"
        message={DELETE_POLICY_QUESTION}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message || 'The Broadcast has been removed.' }),
            onError: (err) => notifications.show({ color: 'red', message: `Sorry ${failureMessage(err)}` }),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </Stack>
  );
}
