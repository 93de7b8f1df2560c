import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { systemKeys } from './keys';
import { auditPageSchema, type AuditPage } from './schemas';

export interface AuditQuery {
  page: number;
  companyId: number | null;
}

/** GET /system/audit?page&companyId: every system action, newest first, 50 a page. */
export const getAudit = ({ page, companyId }: AuditQuery, signal?: AbortSignal): Promise<AuditPage> =>
  api.get('/system/audit', { query: { page, companyId: companyId ?? undefined }, schema: auditPageSchema, signal });

export const auditQueryOptions = (query: AuditQuery) =>
  queryOptions({ queryKey: systemKeys.audit(query), queryFn: ({ signal }) => getAudit(query, signal), placeholderData: keepPreviousData });

export const useAudit = (query: AuditQuery) => useQuery(auditQueryOptions(query));
