import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { NoJobRolesHint } from '@/components/no-job-roles-hint';
import { usePageTitle } from '@/components/page-title';
import { isAdmin, type Identity } from '@/lib/identity';
import { useIsPhone } from '@/lib/media';
import { useManageData } from '../api/get-manage-data';
import { IMPORT_TEXTS, useImportStatus } from '../api/import-agencyzoom';
import { BatchRows } from './batch-rows';
import { failureMessage } from './labels';
import { UnsavedChangesDialog, useUnsavedChanges } from './unsaved-changes';
import { useBatchRows } from './use-batch-rows';

export const ADD_BATCH_TITLE = 'Add Multiple Employees';

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
  const done = useRef(false);
  const batch = useBatchRows({
    onAdded: () => {
      done.current = true;
      // During the guided tour the list goes on with the onboarding (`inJoyride`, spec 001 §2).
      navigate(inTour ? '/admin/manage?inJoyride=1' : '/admin/manage?splash=1');
    },
  });
  const canSetPermission = isAdmin(identity);
  const azCheck = search.get('azCheck') === '1';
  const importStatus = useImportStatus(canSetPermission);
  const canImport = canSetPermission && importStatus.data?.available === true;
  const integrated = data.data?.integratedWithAz === true;

  useEffect(() => {
    if (azCheck && canImport) navigate('/admin/manage/import-agencyzoom', { replace: true });
  }, [azCheck, canImport, navigate]);

  const blocker = useUnsavedChanges(batch.dirty, done);

  const roles = (data.data?.jobRoles ?? []).map((r) => ({ value: String(r.id), label: r.name }));

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
      {batch.message ? <FormAlert>{batch.message}</FormAlert> : null}
      {data.isError ? <FormAlert>{failureMessage(data.error)}</FormAlert> : null}
      {integrated ? null : (
        <form
          noValidate
          aria-label={ADD_BATCH_TITLE}
          onSubmit={(event) => {
            event.preventDefault();
            batch.submit();
          }}
        >
          <Stack gap="md">
            {data.isPending ? <Loader size="sm" aria-label="Loading the job roles" /> : null}
            {data.isSuccess && roles.length === 0 ? (
              <Text size="sm">
                <NoJobRolesHint />
              </Text>
            ) : null}
            <BatchRows
              rows={batch.rows}
              rowErrors={batch.rowErrors}
              roles={roles}
              canSetPermission={canSetPermission}
              onChange={batch.onChange}
              asCards={isPhone}
            />
            <Group justify="space-between" gap="sm">
              <Button variant="subtle" onClick={batch.addRow}>
                + add row
              </Button>
              <Group gap="sm">
                <Button component={Link} to="/admin/manage" variant="default">
                  Cancel
                </Button>
                <Button type="submit" loading={batch.saving}>
                  Save
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}

      <UnsavedChangesDialog blocker={blocker} />
    </Stack>
  );
}
