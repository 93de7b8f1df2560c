import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { filenameFromDisposition, saveBlob } from '@/lib/files';

/**
 * What a download is of: a document (POST /doc/view), an event's file (POST /doc/event) or a
 * policy's document (POST /doc/policy: a recipient gets the file of the version sent to them,
 * managers and admins the current one).
 */
export type DownloadKind = 'document' | 'event' | 'policy';

const DOWNLOAD_PATHS: Record<DownloadKind, string> = { document: '/doc/view', event: '/doc/event', policy: '/doc/policy' };

export interface DownloadTarget {
  kind: DownloadKind;
  /** The document's, the event's or the policy's id. */
  id: number;
  /** The name to save under when the answer names none. */
  fallbackName: string;
}

/**
 * POST /doc/view, /doc/event or /doc/policy {id}: the file's bytes, saved under the name of the answer's
 * Content-Disposition. Files are served only this way (never from a URL).
 */
export async function downloadFile({ kind, id, fallbackName }: DownloadTarget): Promise<string> {
  const { blob, headers } = await api.postBlob(DOWNLOAD_PATHS[kind], { id });
  const name = filenameFromDisposition(headers.get('Content-Disposition')) ?? fallbackName;
  saveBlob(blob, name);
  return name;
}

export const useDownloadFile = () => useMutation({ mutationFn: downloadFile });
