import { Pager } from '@/components/pager';
import { Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { useIsPhone } from '@/lib/media';
import { EMPLOYEES_PAGE_SIZE, useEmployeeList } from '../api/get-employees';
import { DEFAULT_COMPANY_NAME, useManageData } from '../api/get-manage-data';
import { STATUS_ACTIVE, type Employee } from '../api/schemas';
import { BulkMailSentModal, OnboardingPtoAlert } from './employee-list-notices';
import { EmployeeListToolbox } from './employee-list-toolbox';
import { EmployeeCards, EmployeeTable } from './employee-rows';
import { failureMessage, TEXTS } from './labels';
import { ReactivateDialog } from './reactivate-dialog';
import { useEmployeeListParams } from './use-employee-list-params';

/**
 * HR Folders (spec 001 §2, /admin/manage): the people in the caller's reach, 30 a page, filtered
 * by status and job role and sorted by last name; terminated people can be reactivated. Admins
 * also get 'Allocate PTO' (/admin/manage/batch-pto).
 */
export function EmployeeListScreen({ canAllocatePto = false }: { canAllocatePto?: boolean }) {
  const isPhone = useIsPhone();
  const navigate = useNavigate();
  const { status, order, jobroleId, page, splash, onboarding, update } = useEmployeeListParams();
  const data = useManageData();
  const list = useEmployeeList({ q: '', status, order, jobroleId, page });
  const [reactivating, setReactivating] = useState<Employee | null>(null);
  const companyName = data.data?.companyName ?? (data.isPending ? '' : DEFAULT_COMPANY_NAME);
  usePageTitle(companyName || 'HR Folders');

  const employees = list.data?.employees ?? [];
  const totalPages = Math.max(1, Math.ceil((list.data?.totalCount ?? 0) / EMPLOYEES_PAGE_SIZE));
  const filtered = status !== STATUS_ACTIVE || jobroleId !== null;

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 28 }} data-testid="page-title">
        {data.isPending ? <VisuallyHidden>HR Folders</VisuallyHidden> : companyName}
      </Title>

      <EmployeeListToolbox
        status={status}
        order={order}
        jobroleId={jobroleId}
        jobRoles={data.data?.jobRoles ?? []}
        canAddMultiple={Boolean(data.data && !data.data.integratedWithAz)}
        canAllocatePto={canAllocatePto}
        update={update}
      />

      {onboarding ? <OnboardingPtoAlert onboarding={onboarding} onLater={() => update({ inJoyride: null, joyhop: null })} /> : null}

      {data.isError ? <FormAlert>{failureMessage(data.error)}</FormAlert> : null}

      {list.isPending ? (
        <Loader aria-label="Loading the employees" />
      ) : list.isError ? (
        <FormAlert>{failureMessage(list.error)}</FormAlert>
      ) : employees.length === 0 ? (
        <Text data-testid="employee-list-empty">{filtered ? TEXTS.noMatch : TEXTS.noEmployees}</Text>
      ) : isPhone ? (
        <EmployeeCards employees={employees} onReactivate={setReactivating} />
      ) : (
        <EmployeeTable employees={employees} onReactivate={setReactivating} />
      )}

      {totalPages > 1 ? (
        <Group justify="center">
          <Pager total={totalPages} value={Math.min(page, totalPages)} onChange={(next) => update({ page: next === 1 ? null : String(next) })} />
        </Group>
      ) : null}

      <ReactivateDialog
        employee={reactivating}
        onClose={() => setReactivating(null)}
        onReactivated={(employee) => navigate(`/admin/manage/view-user/${employee.id}?reactivated=1`)}
      />

      <BulkMailSentModal opened={splash} onClose={() => update({ splash: null })} />
    </Stack>
  );
}
