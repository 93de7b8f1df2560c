import { Anchor, Group, Loader, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { ApiError } from '@/lib/api-client';
import { sorry } from '@/lib/form-errors';
import { useCompany } from '../api/get-company';
import { systemKeys } from '../api/keys';
import { CompanyActions } from './company-actions';
import { CompanyAdminsCard, CompanyBillingCard, CompanyFactsCard } from './company-cards';
import { CompanyCharges } from './company-charges';
import { SYSTEM_TEXTS } from './labels';
import { SYSTEM_PATHS } from './paths';
import { CompanyStatusBadge } from './status-badge';
import { useOperatorZone } from './use-zone';

function BackLink() {
  return (
    <Anchor component={Link} to={SYSTEM_PATHS.customers} size="sm">
      ← Customers
    </Anchor>
  );
}

/**
 * A company (/sy5tem/company/:id, GET /system/company): its facts, admins and billing, its charges
 * with their attempts, and the operator's actions. Deleting it returns to the list, which says so.
 */
export function CompanyScreen({ companyId, billingEnabled = true }: { companyId: number; billingEnabled?: boolean | undefined }) {
  const company = useCompany(companyId);
  const zone = useOperatorZone();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  usePageTitle(company.data?.company.name ?? 'Company');

  if (company.isPending) {
    return (
      <Stack gap="md">
        <BackLink />
        <Loader role="status" aria-label="Loading the company" />
      </Stack>
    );
  }
  if (company.isError) {
    const gone = company.error instanceof ApiError && company.error.status === 404;
    return (
      <Stack gap="md" maw={800}>
        <BackLink />
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Company
        </Title>
        <FormAlert>{gone ? SYSTEM_TEXTS.companyGone : sorry(company.error)}</FormAlert>
      </Stack>
    );
  }

  const { company: detail, charges, chargeCount } = company.data;
  const onDeleted = () => {
    void Promise.resolve(navigate(SYSTEM_PATHS.customers, { state: { notice: `${detail.name} was deleted.` } })).then(() => {
      queryClient.removeQueries({ queryKey: systemKeys.company(companyId) });
      queryClient.removeQueries({ queryKey: systemKeys.charges(companyId) });
    });
  };

  return (
    <Stack gap="lg" maw={1200}>
      <BackLink />
      <Group gap="sm" align="center">
        <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
          {detail.name}
        </Title>
        <CompanyStatusBadge status={detail.status} />
      </Group>
      <CompanyActions company={detail} onDeleted={onDeleted} />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <CompanyFactsCard company={detail} timeZone={zone} />
        <CompanyAdminsCard company={detail} />
        {billingEnabled ? <CompanyBillingCard company={detail} /> : null}
      </SimpleGrid>
      {billingEnabled ? (
        <CompanyCharges companyId={companyId} first={{ charges, chargeCount }} timeZone={zone} />
      ) : (
        // A deployment without billing: no subscription or charges to show, and it says why.
        <FormAlert color="blue">{SYSTEM_TEXTS.billingOff}</FormAlert>
      )}
    </Stack>
  );
}
