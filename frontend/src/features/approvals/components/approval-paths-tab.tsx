import { Box, Button, Card, Group, List, Loader, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { serverMessage, sorry } from '@/lib/form-errors';
import { useIsPhone } from '@/lib/media';
import { useSettingsData } from '@/lib/settings-data';
import { approverChoices, useApprovers, type Approver } from '../api/approvers';
import {
  pathUseOf,
  useApprovalSetup,
  useDeletePath,
  useSaveFallback,
  useSaveUse,
  type ApprovalPath,
  type ApprovalSetup,
  type PathUse,
  type PathUseBody,
} from '../api/setup';
import { APPROVALS_TEXTS, stepSummary } from './labels';
import { PathEditor } from './path-editor';

/** The path editor's panel: wide enough for a step's fields side by side (full width on phones). */
export const PATH_DOCK_WIDTH = 650;

/** The fallback approver's choice for 'the company's admins' (no one named). */
const ADMINS = 'admins';
/** The path choice for 'no path'. */
const NO_PATH = 'none';

/**
 * Settings, Approval paths (issue 41), admins only: the company's paths with their steps (new,
 * edit, delete), which path each PTO type and the timesheet edit requests follow (and which PTO
 * types are approved automatically), and the fallback approver.
 */
export function ApprovalPathsTab() {
  const setup = useApprovalSetup();
  const approvers = useApprovers();
  const remove = useDeletePath();
  const [editing, setEditing] = useState<ApprovalPath | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ApprovalPath | null>(null);
  const [error, setError] = useState<string | null>(null);
  const people = approvers.data ?? [];
  const paths = setup.data?.paths ?? [];

  return (
    <Stack gap="xl" data-testid="approval-paths">
      <Stack gap="md" component="section" aria-labelledby="approval-paths-title">
        <Group justify="space-between" align="flex-end">
          <Title order={2} fz="lg" id="approval-paths-title">
            Approval paths
          </Title>
          <Button onClick={() => setEditing('new')} disabled={setup.isPending || approvers.isPending}>
            New path
          </Button>
        </Group>
        <Text size="sm" maw={720}>
          {APPROVALS_TEXTS.pathsIntro}
        </Text>
        {error ? <FormAlert>{error}</FormAlert> : null}
        {setup.isPending ? (
          <Loader size="sm" aria-label="Loading the approval paths" />
        ) : setup.isError ? (
          <FormAlert>{serverMessage(setup.error)}</FormAlert>
        ) : paths.length === 0 ? (
          <Text data-testid="no-paths">{APPROVALS_TEXTS.noPaths}</Text>
        ) : (
          <Stack gap="sm">
            {paths.map((path) => (
              <PathCard
                key={path.id}
                path={path}
                people={people}
                onEdit={() => setEditing(path)}
                onDelete={() => {
                  setError(null);
                  setDeleting(path);
                }}
              />
            ))}
          </Stack>
        )}
      </Stack>

      {setup.data ? <UsesSection setup={setup.data} /> : null}
      {setup.data ? <FallbackSection setup={setup.data} people={people} /> : null}

      <Dock
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New approval path' : 'Edit approval path'}
        width={PATH_DOCK_WIDTH}
        testId="path-dock"
      >
        {editing !== null ? (
          <PathEditor
            key={editing === 'new' ? 'new' : editing.id}
            path={editing === 'new' ? null : editing}
            people={people}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              notifications.show({ color: 'green', message: `The path "${saved.name}" is saved.` });
            }}
          />
        ) : null}
      </Dock>
      <ConfirmDialog
        opened={deleting !== null}
        title={deleting ? `Delete the path "${deleting.name}"?` : 'Delete'}
        message={APPROVALS_TEXTS.deleteQuestion}
        confirmLabel="Delete"
        danger
        focusCancel
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: ({ message }) => notifications.show({ color: 'green', message }),
            onError: (err) => setError(sorry(err)),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </Stack>
  );
}

function PathCard({ path, people, onEdit, onDelete }: { path: ApprovalPath; people: readonly Approver[]; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card withBorder radius="md" p="md" data-testid="path" component="article" aria-label={path.name}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={700}>{path.name}</Text>
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={onEdit} aria-label={`Edit ${path.name}`}>
              Edit
            </Button>
            <Button size="xs" variant="outline" color="red.9" onClick={onDelete} aria-label={`Delete ${path.name}`}>
              Delete
            </Button>
          </Group>
        </Group>
        <List type="ordered" size="sm" spacing={2} data-testid="path-steps">
          {path.steps.map((step, index) => (
            <List.Item key={index}>{stepSummary(step, people)}</List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}

interface UseRow {
  key: string;
  label: string;
  color: string | null;
  use: PathUse;
  body: (change: Partial<Pick<PathUseBody, 'pathId' | 'autoApprove'>>) => PathUseBody;
}

/** Which path each PTO type and the timesheet edit requests follow; a change is saved at once. */
function UsesSection({ setup }: { setup: ApprovalSetup }) {
  const isPhone = useIsPhone();
  const settings = useSettingsData();
  const save = useSaveUse();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const pathChoices = [{ value: NO_PATH, label: APPROVALS_TEXTS.noPath }, ...setup.paths.map((path) => ({ value: String(path.id), label: path.name }))];

  const rows: UseRow[] = [
    ...(settings.data?.ptotypes ?? []).map((type) => {
      const use = pathUseOf(setup.uses, 'pto_type', type.id);
      return {
        key: `pto-${type.id}`,
        label: type.name,
        color: type.color,
        use,
        body: (change: Partial<Pick<PathUseBody, 'pathId' | 'autoApprove'>>): PathUseBody => ({
          target: 'pto_type',
          ptoTypeId: type.id,
          pathId: use.pathId,
          autoApprove: use.autoApprove,
          ...change,
        }),
      };
    }),
    (() => {
      const use = pathUseOf(setup.uses, 'timesheet_edits');
      return {
        key: 'timesheet',
        label: 'Timesheet edit requests',
        color: null,
        use,
        body: (change: Partial<Pick<PathUseBody, 'pathId' | 'autoApprove'>>): PathUseBody => ({
          target: 'timesheet_edits',
          pathId: use.pathId,
          autoApprove: false,
          ...change,
        }),
      };
    })(),
  ];

  const send = (row: UseRow, body: PathUseBody) => {
    setError(null);
    setSaving(row.key);
    save.mutate(body, {
      onSuccess: () => notifications.show({ color: 'green', message: `${row.label}: saved.` }),
      onError: (err) => setError(sorry(err)),
      onSettled: () => setSaving(null),
    });
  };

  const pathPicker = (row: UseRow) => (
    <Select
      label={isPhone ? 'Approval path' : undefined}
      aria-label={`Approval path of ${row.label}`}
      data={pathChoices}
      value={row.use.pathId === null ? NO_PATH : String(row.use.pathId)}
      onChange={(value) => send(row, row.body({ pathId: value === null || value === NO_PATH ? null : Number(value) }))}
      allowDeselect={false}
      disabled={saving !== null}
      comboboxProps={{ withinPortal: true }}
      data-testid="use-path"
    />
  );
  const autoSwitch = (row: UseRow) =>
    row.use.target === 'pto_type' ? (
      <Switch
        label="Approve automatically"
        aria-label={`Approve ${row.label} automatically`}
        checked={row.use.autoApprove}
        disabled={saving !== null}
        onChange={(event) => send(row, row.body({ autoApprove: event.currentTarget.checked }))}
        data-testid="use-auto"
      />
    ) : null;
  const name = (row: UseRow) => (
    <Group gap={6} wrap="nowrap">
      {row.color ? <Box aria-hidden w={10} h={10} style={{ borderRadius: 5, background: row.color, flex: 'none' }} /> : null}
      <Text fw={500}>{row.label}</Text>
    </Group>
  );

  return (
    <Stack gap="md" component="section" aria-labelledby="approval-uses-title">
      <Title order={2} fz="lg" id="approval-uses-title">
        Where paths apply
      </Title>
      <Text size="sm" maw={720}>
        {APPROVALS_TEXTS.usesIntro}
      </Text>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {settings.isPending ? (
        <Loader size="sm" aria-label="Loading the PTO types" />
      ) : isPhone ? (
        <Stack gap="sm">
          {rows.map((row) => (
            <Card key={row.key} withBorder radius="md" p="sm" data-testid="use" aria-label={row.label} component="article">
              <Stack gap="xs">
                {name(row)}
                {pathPicker(row)}
                {autoSwitch(row)}
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table verticalSpacing="sm" data-testid="uses-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Requests</Table.Th>
              <Table.Th>Approval path</Table.Th>
              <Table.Th>Automatic approval</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key} data-testid="use" aria-label={row.label}>
                <Table.Td>{name(row)}</Table.Td>
                <Table.Td miw={240}>{pathPicker(row)}</Table.Td>
                <Table.Td>{autoSwitch(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** Who answers when the requester is a step's only approver and nobody is above them. */
function FallbackSection({ setup, people }: { setup: ApprovalSetup; people: readonly Approver[] }) {
  const save = useSaveFallback();
  const [error, setError] = useState<string | null>(null);
  const choices = [{ value: ADMINS, label: APPROVALS_TEXTS.fallbackAdmins }, ...approverChoices(people)];
  return (
    <Stack gap="md" component="section" aria-labelledby="approval-fallback-title">
      <Title order={2} fz="lg" id="approval-fallback-title">
        Fallback approver
      </Title>
      <Text size="sm" maw={720}>
        {APPROVALS_TEXTS.fallbackIntro}
      </Text>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Select
        label="Fallback approver"
        data={choices}
        value={setup.fallbackApproverId === null ? ADMINS : String(setup.fallbackApproverId)}
        onChange={(value) => {
          setError(null);
          save.mutate(value === null || value === ADMINS ? null : Number(value), {
            onSuccess: () => notifications.show({ color: 'green', message: 'The fallback approver is saved.' }),
            onError: (err) => setError(sorry(err)),
          });
        }}
        allowDeselect={false}
        searchable
        disabled={save.isPending}
        maw={360}
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}
