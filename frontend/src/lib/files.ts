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

/**
 * The file name of a Content-Disposition header: `filename*=UTF-8''…` (RFC 6266/5987) when given,
 * else `filename="…"`. Only the last path segment is kept. Null when the header names none.
 */
export function filenameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  let name: string | null = null;
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
    if (plain) name = (plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : (plain[1] ?? '')).trim();
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
}

/** Saves bytes as a download named `name` (an object URL behind a clicked link, revoked right after). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns: revoke on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** '512 bytes', '12.3 KB', '2.4 MB': a file's size for people (1 KB = 1024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb < 10 ? kb.toFixed(1) : Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}
