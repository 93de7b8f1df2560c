import './manage-styles';
import { SickLeaveReport } from '@/features/pto/components/sick-leave-report';

/** /admin/ptomanage/sick-leave (issue 38, admins): every PTO plan against the paid sick leave laws where its people work. */
export function SickLeaveReportRoute() {
  return <SickLeaveReport />;
}
