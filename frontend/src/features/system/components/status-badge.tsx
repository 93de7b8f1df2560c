import { Badge } from '@mantine/core';
import type { ChargeStatus, CompanyStatus } from '../api/schemas';
import { CHARGE_STATUS_COLORS, CHARGE_STATUS_LABELS, COMPANY_STATUS_COLORS, COMPANY_STATUS_LABELS } from './labels';

export const CompanyStatusBadge = ({ status }: { status: CompanyStatus }) => (
  <Badge color={COMPANY_STATUS_COLORS[status]} variant="filled" autoContrast data-testid="company-status">
    {COMPANY_STATUS_LABELS[status]}
  </Badge>
);

export const ChargeStatusBadge = ({ status }: { status: ChargeStatus }) => (
  <Badge color={CHARGE_STATUS_COLORS[status]} variant="filled" autoContrast>
    {CHARGE_STATUS_LABELS[status]}
  </Badge>
);
