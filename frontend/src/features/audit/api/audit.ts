import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { filenameFromDisposition, saveBlob } from '@/lib/files';
import { auditKeys } from './keys';
import { auditPageSchema, type AuditPage } from './schemas';

/** The trail's filters; null or '': not filtered. Dates are the company's days 'YYYY-MM-DD', inclusive. */
export interface AuditFilters {
  /** A person's id: the entries about them. */
  person: number | null;
  /** An `entity` code (schemas.ts AUDIT_ENTITIES). */
  entity: string | null;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { person: null, entity: null, from: '', to: '' };

/** The filter fields the server may answer a 400 about, by the names of its errors. */
export const AUDIT_FILTER_FIELDS = ['person', 'entity', 'from', 'to'] as const;
export type AuditFilterField = (typeof AUDIT_FILTER_FIELDS)[number];

export const hasAuditFilters = (filters: AuditFilters): boolean =>
  filters.person !== null || !!filters.entity || !!filters.from.trim() || !!filters.to.trim();

/** The query of GET /audit (and its export): only the filters given. */
export function auditQuery(filters: AuditFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.person !== null) query.person = String(filters.person);
  if (filters.entity) query.entity = filters.entity;
  const from = filters.from.trim();
  if (from) query.from = from;
  const to = filters.to.trim();
  if (to) query.to = to;
  return query;
}

/** GET /audit?person&entity&from&to&cursor: one page (50 entries, newest first). */
export const getAuditPage = (filters: AuditFilters, cursor: string | null, signal?: AbortSignal): Promise<AuditPage> =>
  api.get('/audit', { query: { ...auditQuery(filters), ...(cursor ? { cursor } : {}) }, schema: auditPageSchema, signal });

/** The pages of the trail under these filters: the first without a cursor, each next with the previous page's `next`. */
export const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: auditKeys.entries(auditQuery(filters)),
    queryFn: ({ pageParam, signal }) => getAuditPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
    placeholderData: keepPreviousData,
    // A 400 (a filter refused) or 404 (a person out of reach) does not get better by asking again.
    retry: false,
  });

export const useAuditTrail = (filters: AuditFilters) => useInfiniteQuery(auditQueryOptions(filters));

export const AUDIT_EXPORT_NAME = 'audit-trail.csv';

/** GET /audit/export (the same filters, no cursor): the whole selection as a CSV, saved under its own name. */
export async function exportAuditTrail(filters: AuditFilters): Promise<string> {
  const { blob, headers } = await api.getFile('/audit/export', { query: auditQuery(filters) });
  const name = filenameFromDisposition(headers.get('Content-Disposition')) ?? AUDIT_EXPORT_NAME;
  saveBlob(blob, name);
  return name;
}

export const useExportAuditTrail = () => useMutation({ mutationFn: exportAuditTrail });
