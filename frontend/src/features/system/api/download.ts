import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { filenameFromDisposition, saveBlob } from '@/lib/files';

/** The exports of the system area, with the contract's file names. */
export const EXPORTS = {
  stats: { path: '/system/export-stats', fileName: 'timekeep-stats.csv' },
  users: { path: '/system/export-all-users', fileName: 'timekeep-users.csv' },
} as const;
export type SystemExport = keyof typeof EXPORTS;

/**
 * GET /system/export-stats or /system/export-all-users: the CSV, asked for with the bearer token
 * (as the reports' exports) and saved under the name of its Content-Disposition. Returns that name.
 */
export async function downloadExport(which: SystemExport): Promise<string> {
  const { path, fileName } = EXPORTS[which];
  const { blob, headers } = await api.getFile(path);
  const name = filenameFromDisposition(headers.get('Content-Disposition')) ?? fileName;
  saveBlob(blob, name);
  return name;
}

export const useDownloadExport = () => useMutation({ mutationFn: downloadExport });
