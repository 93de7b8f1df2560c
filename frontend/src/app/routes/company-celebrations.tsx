import './screen-styles';
import { usePageTitle } from '@/components/page-title';
import { CompanyCelebrationsScreen } from '@/features/celebrations/components/company-celebrations-screen';

/** /company-celebrations (002 §2): the company's birthday and anniversary messages; admins only. */
export function CompanyCelebrationsRoute() {
  usePageTitle('Company Celebrations');
  return <CompanyCelebrationsScreen />;
}
