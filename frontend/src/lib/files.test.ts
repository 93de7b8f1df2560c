import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileKeys, filenameFromDisposition, filePath, formatFileSize, isProtectedFileUrl, saveBlob, useFileUrl } from './files';

function wrapperFor(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
}

describe('files', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:test/1');
    URL.revokeObjectURL = vi.fn();
    vi.stubGlobal('fetch', vi.fn(async () => new Response(new Uint8Array([1]), { headers: { 'Content-Type': 'image/png' } })));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('knows which URLs need the bearer token', () => {
    expect(isProtectedFileUrl('/server/v1/files/12')).toBe(true);
    expect(isProtectedFileUrl('https://cdn.example.com/a.png')).toBe(false);
    expect(filePath('/server/v1/files/12')).toBe('/files/12');
  });

  it('gives an object URL for a protected file and revokes it when the cache drops it', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result, unmount } = renderHook(() => useFileUrl('/server/v1/files/12'), { wrapper: wrapperFor(client) });
    expect(result.current.src).toBeNull();
    await waitFor(() => expect(result.current.src).toBe('blob:test/1'));
    unmount();
    client.removeQueries({ queryKey: fileKeys.url('/server/v1/files/12') });
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
  });

  it('passes other URLs through and null stays null', () => {
    const client = new QueryClient();
    const { result, rerender } = renderHook(({ url }: { url: string | null }) => useFileUrl(url), {
      wrapper: wrapperFor(client),
      initialProps: { url: 'https://cdn.example.com/a.png' as string | null },
    });
    expect(result.current.src).toBe('https://cdn.example.com/a.png');
    rerender({ url: null });
    expect(result.current.src).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("reads the file name of a Content-Disposition: filename* first, then filename, never a folder", () => {
    expect(filenameFromDisposition(`attachment; filename="offer.pdf"; filename*=UTF-8''Offer%20letter%20%C3%A9.pdf`)).toBe('Offer letter é.pdf');
    expect(filenameFromDisposition('attachment; filename="photo \\"1\\".png"')).toBe('photo "1".png');
    expect(filenameFromDisposition('attachment; filename=plain.txt')).toBe('plain.txt');
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A.pdf; filename="fallback.pdf"`)).toBe('fallback.pdf');
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });

  it('saves bytes under a name through a clicked download link, then lets the object URL go', async () => {
    vi.useFakeTimers();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    saveBlob(new Blob(['x']), 'Offer letter.pdf');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('Offer letter.pdf');
    expect(clicked[0]!.href).toBe('blob:test/1');
    expect(clicked[0]!.isConnected).toBe(false);
    vi.runAllTimers();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
    vi.useRealTimers();
  });

  it('gives a file size for people', () => {
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(900)).toBe('900 bytes');
    expect(formatFileSize(2048)).toBe('2.0 KB');
    expect(formatFileSize(250_000)).toBe('244 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(formatFileSize(25 * 1024 * 1024)).toBe('25 MB');
  });
});
