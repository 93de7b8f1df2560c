import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileKeys, filePath, isProtectedFileUrl, useFileUrl } from './files';

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
});
