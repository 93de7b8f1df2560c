import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';
import { sessionStore } from '@/lib/session';
import { initialsOf, PersonAvatar } from './person-avatar';

describe('PersonAvatar', () => {
  const created: string[] = [];
  beforeEach(() => {
    created.length = 0;
    URL.createObjectURL = vi.fn(() => {
      const url = `blob:test/${created.length + 1}`;
      created.push(url);
      return url;
    });
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('makes initials', () => {
    expect(initialsOf('ada', 'Lovelace')).toBe('AL');
    expect(initialsOf(' ', '')).toBe('?');
  });

  it('shows the initials when there is no picture, without asking the server', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<PersonAvatar url={null} firstname="Ada" lastname="Lovelace" />);
    expect(screen.getByText('AL')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads a protected file with the bearer token and shows it as an object URL', async () => {
    const token = fakeToken();
    sessionStore.setToken(token);
    const fetchMock = vi.fn(async () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': 'image/png' } }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<PersonAvatar url="/server/v1/files/12" firstname="Ada" lastname="Lovelace" size={48} />);
    expect(screen.getByText('AL')).toBeInTheDocument();
    const img = await screen.findByRole('img', { name: 'Ada Lovelace' });
    expect(img).toHaveAttribute('src', 'blob:test/1');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/server/v1/files/12');
    expect(new Headers(init.headers).get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('falls back to the initials when the file cannot be fetched', async () => {
    const fetchMock = vi.fn(async () => response({ status: 404, statusText: 'Not Found', json: { code: 'not_found', message: 'x', errors: {} } }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<PersonAvatar url="/server/v1/files/99" firstname="Grace" lastname="Hopper" />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByText('GH')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
