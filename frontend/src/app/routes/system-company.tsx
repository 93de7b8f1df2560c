import './system-styles';
import { useParams } from 'react-router';
import { useBillingEnabled } from '@/features/auth/api/get-signup-data';
import { CompanyScreen } from '@/features/system/components/company-screen';
import { NotFoundRoute } from './not-found';

/** /sy5tem/company/:id: a company's detail, charges and the operator's actions on it. */
export function CompanyRoute() {
  const { id } = useParams();
  const billingEnabled = useBillingEnabled();
  if (!id || !/^\d+$/.test(id)) return <NotFoundRoute />;
  return <CompanyScreen key={id} companyId={Number(id)} billingEnabled={billingEnabled} />;
}
