import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API_BASE, api } from './api-client';

/** Query keys of stored files: one entry per file URL, holding its object URL. */
export const fileKeys = {
  all: ['file'] as const,
  url: (url: string) => ['file', url] as const,
};

/** True for a URL the server stores behind the bearer token (`/server/v1/files/{id}`). */
export function isProtectedFileUrl(url: string): boolean {
  return url.startsWith(`${API_BASE}/files/`);
}

/** The api client's path of a protected file URL (without `/server/v1`). */
export function filePath(url: string): string {
  return url.slice(API_BASE.length);
}

const watchedClients = new WeakSet<QueryClient>();

/**
 * Revokes a file's object URL when its query leaves the cache (garbage collection or removal),
 * so blobs do not pile up in memory. Registered once per query client.
 */
function revokeOnRemoval(client: QueryClient): void {
  if (watchedClients.has(client)) return;
  watchedClients.add(client);
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'removed') return;
    const key = event.query.queryKey;
    const data: unknown = event.query.state.data;
    if (key[0] === fileKeys.all[0] && typeof data === 'string' && data.startsWith('blob:')) URL.revokeObjectURL(data);
  });
}

/**
 * An `<img>`-ready URL for a stored file. `/server/v1/files/{id}` needs the bearer token, so it is
 * fetched as a Blob with the api client and turned into an object URL, cached under the file URL.
 * Other URLs (or null) are given back as they are.
 */
export function useFileUrl(url: string | null | undefined): { src: string | null; isLoading: boolean; isError: boolean } {
  const client = useQueryClient();
  revokeOnRemoval(client);
  const protectedUrl = url && isProtectedFileUrl(url) ? url : null;
  const query = useQuery({
    queryKey: fileKeys.url(protectedUrl ?? ''),
    queryFn: async ({ signal }) => URL.createObjectURL(await api.getBlob(filePath(protectedUrl!), { signal })),
    enabled: protectedUrl !== null,
    // A file id never changes content: a new upload gets a new URL.
    staleTime: Infinity,
  });
  if (!url) return { src: null, isLoading: false, isError: false };
  if (!protectedUrl) return { src: url, isLoading: false, isError: false };
  return { src: query.data ?? null, isLoading: query.isPending, isError: query.isError };
}
