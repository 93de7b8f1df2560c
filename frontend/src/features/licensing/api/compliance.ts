import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '@/lib/api-client';
import { filenameFromDisposition, saveBlob } from '@/lib/files';
import { licensingKeys } from './keys';
import { complianceSchema, maySellSchema, type Compliance, type MaySell } from './schemas';

/** The compliance page's filters; empty: all. */
export interface ComplianceFilters {
  state: string | null;
  status: string | null;
  line: string | null;
  q: string;
}

export const NO_FILTERS: ComplianceFilters = { state: null, status: null, line: null, q: '' };

/** The query of GET /licensing/compliance (and its export): only the filters given. */
export function complianceQuery(filters: ComplianceFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.state) query.state = filters.state;
  if (filters.status) query.status = filters.status;
  if (filters.line) query.line = filters.line;
  const q = filters.q.trim();
  if (q) query.q = q;
  return query;
}

/** GET /licensing/compliance?state&status&line&q&page (managers: the people they reach; admins: everyone). */
export const getCompliance = (filters: ComplianceFilters, page: number, signal?: AbortSignal): Promise<Compliance> =>
  api.get('/licensing/compliance', { query: { ...complianceQuery(filters), ...(page > 1 ? { page: String(page) } : {}) }, schema: complianceSchema, signal });

export const useCompliance = (filters: ComplianceFilters, page = 1) =>
  useQuery({
    queryKey: licensingKeys.complianceRows({ ...complianceQuery(filters), page }),
    queryFn: ({ signal }) => getCompliance(filters, page, signal),
    placeholderData: keepPreviousData,
  });

export type ExportFormat = 'csv' | 'xlsx';

/** GET /licensing/compliance/export?format=… (the same filters): the file, saved under its own name. */
export async function exportCompliance({ filters, format }: { filters: ComplianceFilters; format: ExportFormat }): Promise<string> {
  const query: Record<string, QueryValue> = { ...complianceQuery(filters), format };
  const { blob, headers } = await api.getFile('/licensing/compliance/export', { query });
  const name = filenameFromDisposition(headers.get('Content-Disposition')) ?? `licensing-compliance.${format}`;
  saveBlob(blob, name);
  return name;
}

export const useExportCompliance = () => useMutation({ mutationFn: exportCompliance });

/** "Who may sell?": a line in a state on a day, optionally with one carrier. */
export interface MaySellQuery {
  state: string;
  line: string;
  on: string;
  carrier: string;
}

export function maySellQuery({ state, line, on, carrier }: MaySellQuery): Record<string, string> {
  const trimmed = carrier.trim();
  return { state, line, on, ...(trimmed ? { carrier: trimmed } : {}) };
}

/** GET /licensing/may-sell?state&line&on&carrier. */
export const getMaySell = (query: MaySellQuery, signal?: AbortSignal): Promise<MaySell> =>
  api.get('/licensing/may-sell', { query: maySellQuery(query), schema: maySellSchema, signal });

/** Asked once a question is put (null: none yet). */
export const useMaySell = (query: MaySellQuery | null) =>
  useQuery({
    queryKey: licensingKeys.maySell(query ? maySellQuery(query) : {}),
    queryFn: ({ signal }) => getMaySell(query!, signal),
    enabled: query !== null,
    retry: false,
  });
