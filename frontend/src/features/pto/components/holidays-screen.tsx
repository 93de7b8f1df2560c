import { usePageTitle } from '@/components/page-title';
import { PaidHolidaysSection } from './paid-holidays-section';

/** The paid holidays on a page of their own (/admin/manage/holidays): the section, titled as the page. */
export function HolidaysScreen({ canEdit }: { canEdit: boolean }) {
  usePageTitle('Paid Holidays');
  return <PaidHolidaysSection canEdit={canEdit} titleOrder={1} />;
}
