import './manage-styles';
import { ImportAgencyZoomScreen } from '@/features/manage/components/import-agencyzoom-screen';
import { useIdentity } from '@/lib/session';

/** /admin/manage/import-agencyzoom: the partner CRM import (admins only). */
export function ManageImportAgencyZoomRoute() {
  const identity = useIdentity();
  return <ImportAgencyZoomScreen identity={identity} />;
}
