import { Button, Card, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Link, useBlocker, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { isAdmin, type Identity } from '@/lib/identity';
import { useIsPhone } from '@/lib/media';
import {
  blankRow,
  blankRows,
  bulkFailure,
  isBlankRow,
  toBulkPayload,
  useAddMultipleUsers,
  validateBulkRows,
  type BulkField,
  type BulkRow,
  type BulkRowErrors,
} from '../api/add-multiple-users';
import { useManageData } from '../api/get-manage-data';
import { IMPORT_TEXTS, useImportStatus } from '../api/import-agencyzoom';
import { DEFAULT_PERMISSION, PERMISSIONS, type PermissionCode } from '../api/schemas';
import { failureMessage, sorry, TEXTS } from './labels';

export const ADD_BATCH_TITLE = 'Add Multiple Employees';

const isTouched = (row: BulkRow): boolean => !isBlankRow(row) || row.jobrole !== null || row.permission !== DEFAULT_PERMISSION;

interface RowInputsProps {
  index: number;
  row: BulkRow;
  errors: Partial<Record<BulkField, string>> | undefined;
  roles: { value: string; label: string }[];
  canSetPermission: boolean;
  onChange: (index: number, changes: Partial<BulkRow>) => void;
  /** Phone cards show labels; desktop cells sit under the column headings. */
  withLabels: boolean;
}

/** The four inputs of one row; each is named with its row number ("Name, row 3"). */
function rowInputs({ index, row, errors, roles, canSetPermission, onChange, withLabels }: RowInputsProps): ReactElement[] {
  const named = (text: string) => ({ 'aria-label': `${text}, row ${index + 1}`, label: withLabels ? text : undefined });
  return [
    <TextInput
      key="name"
      {...named('Name')}
      placeholder="First Last"
      autoComplete="off"
      value={row.name}
      error={errors?.name}
      onChange={(event) => onChange(index, { name: event.currentTarget.value })}
    />,
    <TextInput
      key="email"
      {...named('Email')}
      type="email"
      autoComplete="off"
      value={row.email}
      error={errors?.email}
      onChange={(event) => onChange(index, { email: event.currentTarget.value })}
    />,
    <Select
      key="jobrole"
      {...named('Job Role')}
      placeholder="Choose a role"
      data={roles}
      value={row.jobrole}
      error={errors?.jobrole}
      clearable
      onChange={(value) => onChange(index, { jobrole: value })}
    />,
    <Select
      key="permission"
      {...named('Permission')}
      data={PERMISSIONS.map((p) => ({ value: p.value, label: p.label }))}
      value={row.permission}
      error={errors?.permission}
      allowDeselect={false}
      disabled={!canSetPermission}
      onChange={(value) => onChange(index, { permission: (value ?? DEFAULT_PERMISSION) as PermissionCode })}
    />,
  ];
}

/**
 * /admin/manage/add-batch (spec 001 §2, §5): 10 blank rows of name, e-mail, job role and
 * permission. Blank rows are ignored; the others are checked, then sent together. The server's
 * `users[i].field` errors come back to the row they were typed in. Leaving with unsaved changes
 * asks first. `?azCheck=1` starts the import from AgencyZoom instead, when the server has it
 * (admins); a company integrated with AgencyZoom has no bulk add: its staff comes from there.
 */
export function AddBatchScreen({ identity }: { identity: Identity }) {
  usePageTitle(ADD_BATCH_TITLE);
  const isPhone = useIsPhone();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const inTour = search.get('inJoyride') === '1';
  const data = useManageData();
  const add = useAddMultipleUsers();
  const [rows, setRows] = useState<BulkRow[]>(() => blankRows());
  const [rowErrors, setRowErrors] = useState<BulkRowErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const done = useRef(false);
  const canSetPermission = isAdmin(identity);
  const dirty = rows.some(isTouched);
  const azCheck = search.get('azCheck') === '1';
  const importStatus = useImportStatus(canSetPermission);
  const canImport = canSetPermission && importStatus.data?.available === true;
  const integrated = data.data?.integratedWithAz === true;

  useEffect(() => {
    if (azCheck && canImport) navigate('/admin/manage/import-agencyzoom', { replace: true });
  }, [azCheck, canImport, navigate]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !done.current && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (done.current) return;
      event.preventDefault();
      // Older browsers show a prompt only when returnValue is set.
      event.returnValue = TEXTS.unsavedChanges;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const roles = (data.data?.jobRoles ?? []).map((r) => ({ value: String(r.id), label: r.name }));

  const onChange = (index: number, changes: Partial<BulkRow>) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...changes } : row)));
    setRowErrors((current) => {
      const mine = current[index];
      if (!mine) return current;
      const next = { ...mine };
      for (const field of Object.keys(changes) as BulkField[]) delete next[field];
      return { ...current, [index]: next };
    });
  };

  const submit = () => {
    const check = validateBulkRows(rows);
    setRowErrors(check.rowErrors);
    setMessage(check.message ? sorry(check.message) : null);
    if (check.message) return;
    const { users, rowOf } = toBulkPayload(rows);
    add.mutate(users, {
      onSuccess: () => {
        done.current = true;
        // During the guided tour the list goes on with the onboarding (`inJoyride`, spec 001 §2).
        navigate(inTour ? '/admin/manage?inJoyride=1' : '/admin/manage?splash=1');
      },
      onError: (err) => {
        const failure = bulkFailure(err, rowOf);
        setRowErrors(failure?.rowErrors ?? {});
        setMessage(sorry(failure?.message ?? failureMessage(err)));
      },
    });
  };

  const inputsOf = (row: BulkRow, index: number, withLabels: boolean) =>
    rowInputs({ index, row, errors: rowErrors[index], roles, canSetPermission, onChange, withLabels });

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {ADD_BATCH_TITLE}
      </Title>
      {integrated ? (
        <FormAlert color="blue">Your staff comes from AgencyZoom: add people there, then import them again.</FormAlert>
      ) : (
        <Text c="dimmed">Type each person&apos;s full name, e-mail and job role. Empty rows are skipped. Everyone added gets an e-mail to log in.</Text>
      )}
      {canImport ? (
        <Group>
          <Button component={Link} to="/admin/manage/import-agencyzoom" variant="light">
            {IMPORT_TEXTS.title}
          </Button>
        </Group>
      ) : null}
      {message ? <FormAlert>{message}</FormAlert> : null}
      {data.isError ? <FormAlert>{failureMessage(data.error)}</FormAlert> : null}
      {integrated ? null : (
        <form
          noValidate
          aria-label={ADD_BATCH_TITLE}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            {data.isPending ? <Loader size="sm" aria-label="Loading the job roles" /> : null}
            {isPhone ? (
              <Stack gap="sm" data-testid="batch-cards">
                {rows.map((row, index) => (
                  <Card key={index} withBorder radius="md" p="sm" data-testid="batch-row">
                    <Stack gap="xs">
                      <Text fw={600} size="sm">
                        Employee {index + 1}
                      </Text>
                      {inputsOf(row, index, true)}
                    </Stack>
                  </Card>
                ))}
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={760}>
                <Table verticalSpacing="xs" data-testid="batch-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={40}>#</Table.Th>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Email</Table.Th>
                      <Table.Th>Job Role</Table.Th>
                      <Table.Th>Permission</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((row, index) => (
                      <Table.Tr key={index} data-testid="batch-row" style={{ verticalAlign: 'top' }}>
                        <Table.Td pt={14}>{index + 1}</Table.Td>
                        {inputsOf(row, index, false).map((input, i) => (
                          <Table.Td key={i}>{input}</Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Group justify="space-between" gap="sm">
              <Button variant="subtle" onClick={() => setRows((current) => [...current, blankRow()])}>
                + add row
              </Button>
              <Group gap="sm">
                <Button component={Link} to="/admin/manage" variant="default">
                  Cancel
                </Button>
                <Button type="submit" loading={add.isPending}>
                  Save
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}

      <ConfirmDialog
        opened={blocker.state === 'blocked'}
        title="Unsaved changes"
        message={TEXTS.unsavedChanges}
        confirmLabel="Leave"
        cancelLabel="Stay"
        onCancel={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      />
    </Stack>
  );
}
