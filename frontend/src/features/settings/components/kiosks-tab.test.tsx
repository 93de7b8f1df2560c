import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { KIOSK_STORAGE_KEY } from '@/lib/kiosk';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { lastUsedText } from '../api/kiosks';
import { KiosksTab, SECRET_WARNING } from './kiosks-tab';
import { SettingsScreen } from './settings-screen';

interface Kiosk {
  id: number;
  name: string;
  locationId: number;
  locationName: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const LOBBY: Kiosk = { id: 2, name: 'Lobby tablet', locationId: 1, locationName: 'Main Office', createdAt: '2026-11-01T12:00:00Z', lastUsedAt: minutesAgo(5), revokedAt: null };
const OLD: Kiosk = { id: 1, name: 'Old phone', locationId: 2, locationName: 'Depot', createdAt: '2026-10-01T12:00:00Z', lastUsedAt: null, revokedAt: '2026-11-02T12:00:00Z' };

const location = (id: number, name: string) => ({
  id,
  name,
  timeZone: 'America/New_York',
  address: null,
  latitude: null,
  longitude: null,
  radiusM: 150,
  geofenceMode: 'flag',
  ipAllow: [],
  ipMode: 'flag',
  people: [],
  createdAt: '2026-11-01T12:00:00Z',
});
const LOCATIONS = [location(1, 'Main Office'), location(2, 'Depot')];
const SECRET = 'kS3cr3t-VeryLongRandomCredential';

function server(initial: Kiosk[], { locations = LOCATIONS } = {}) {
  let kiosks = [...initial];
  const registrations: unknown[] = [];
  const fetch = mockFetch({
    'GET /kiosks': () => response({ json: kiosks }),
    'GET /locations': () => response({ json: locations }),
    'POST /kiosks/register': (init) => {
      const body = bodyOf(init) as { name: string; locationId: number };
      registrations.push(body);
      if (body.name === 'Taken') {
        return response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'x', errors: { name: ['Please pick another name'] } } });
      }
      const kiosk: Kiosk = {
        id: 3,
        name: body.name,
        locationId: body.locationId,
        locationName: locations.find((l) => l.id === body.locationId)!.name,
        createdAt: new Date().toISOString(),
        lastUsedAt: null,
        revokedAt: null,
      };
      kiosks = [kiosk, ...kiosks];
      return response({ json: { kiosk, secret: SECRET } });
    },
    'POST /kiosks/revoke': ({ url }) => {
      const id = Number(new URL(url, 'http://x').searchParams.get('id'));
      kiosks = kiosks.map((k) => (k.id === id ? { ...k, revokedAt: new Date().toISOString() } : k));
      return response({ json: kiosks });
    },
  });
  return { fetch, registrations };
}

const calls = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls
    .filter(([url, init]) => String(url).replace(/\?.*$/, '') === `/server/v1${path}` && ((init as RequestInit | undefined)?.method ?? 'GET') === method)
    .map(([url, init]) => ({ url: String(url), init: init as RequestInit }));

async function register(user: ReturnType<typeof userEvent.setup>, name: string, locationName: string) {
  await user.click(screen.getByRole('button', { name: 'Register a kiosk' }));
  const dialog = await screen.findByRole('dialog', { name: 'Register a kiosk' });
  await user.type(await within(dialog).findByRole('textbox', { name: /^Name/ }), name);
  await user.click(within(dialog).getByLabelText(/^Location/, { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: locationName }));
  await user.click(within(dialog).getByRole('button', { name: 'Register' }));
  return dialog;
}

describe('Settings, Kiosks', () => {
  it('lists the kiosks with their location, when each was last used, and the revoked ones marked', async () => {
    server([LOBBY, OLD]);
    renderWithApp(<KiosksTab />);
    const rows = await screen.findAllByTestId('kiosk');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Lobby tablet');
    expect(within(rows[0]!).getByTestId('kiosk-location')).toHaveTextContent('Main Office');
    expect(within(rows[0]!).getByTestId('kiosk-last-used')).toHaveTextContent('5 minutes ago');
    expect(within(rows[0]!).queryByText('Revoked')).toBeNull();
    expect(within(rows[0]!).getByRole('button', { name: 'Revoke Lobby tablet' })).toBeInTheDocument();
    expect(within(rows[1]!).getByTestId('kiosk-revoked')).toHaveTextContent('Revoked');
    expect(within(rows[1]!).getByTestId('kiosk-last-used')).toHaveTextContent('Never');
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
  });

  it('says when there is none', async () => {
    server([]);
    renderWithApp(<KiosksTab />);
    expect(await screen.findByTestId('kiosks-empty')).toHaveTextContent('There is no kiosk yet.');
  });

  it('registers a kiosk and shows its secret once, with the warning', async () => {
    const { registrations } = server([LOBBY]);
    renderWithApp(<KiosksTab />);
    await screen.findAllByTestId('kiosk');
    const user = userEvent.setup();

    // The form's own checks first.
    await user.click(screen.getByRole('button', { name: 'Register a kiosk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register a kiosk' });
    await user.click(await within(dialog).findByRole('button', { name: 'Register' }));
    expect(within(dialog).getByText('Please name the kiosk (at most 100 characters), such as "Front desk tablet"')).toBeInTheDocument();
    expect(within(dialog).getByText("Please choose the kiosk's location")).toBeInTheDocument();
    expect(registrations).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Register a kiosk' })).toBeNull());

    await register(user, 'Front desk tablet', 'Depot');
    const shown = await screen.findByRole('dialog', { name: 'Kiosk registered' });
    expect(registrations).toEqual([{ name: 'Front desk tablet', locationId: 2 }]);
    expect(shown).toHaveTextContent('Front desk tablet at Depot is registered.');
    expect(within(shown).getByText('Shown only this once')).toBeInTheDocument();
    expect(within(shown).getByText(SECRET_WARNING)).toBeInTheDocument();
    expect(within(shown).getByRole('textbox', { name: 'Kiosk secret' })).toHaveValue(SECRET);
    expect(within(shown).getByRole('button', { name: 'Open kiosk mode on this device' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('kiosk')).toHaveLength(2));
    expect(screen.getAllByTestId('kiosk')[0]).toHaveTextContent('Front desk tablet');

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Kiosk registered' })).toBeNull());
    // Gone from the page, and never stored on this device.
    expect(document.body).not.toHaveTextContent(SECRET);
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    expect(window.localStorage.getItem(KIOSK_STORAGE_KEY)).toBeNull();
    expect(screen.getAllByTestId('kiosk')[0]).not.toHaveTextContent(SECRET);
  });

  it("shows the server's refusal on its field", async () => {
    server([]);
    renderWithApp(<KiosksTab />);
    await screen.findByTestId('kiosks-empty');
    const user = userEvent.setup();
    const dialog = await register(user, 'Taken', 'Main Office');
    expect(await within(dialog).findByText('Please pick another name')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('makes this device the kiosk: the secret stored here, then the kiosk page', async () => {
    server([]);
    const { router } = renderWithApp(<KiosksTab />, { path: '/admin/manage/settings?tab=9', routes: [{ path: '/kiosk', element: <p>The kiosk</p> }] });
    await screen.findByTestId('kiosks-empty');
    const user = userEvent.setup();
    await register(user, 'Front desk tablet', 'Main Office');
    const shown = await screen.findByRole('dialog', { name: 'Kiosk registered' });
    await user.click(within(shown).getByRole('button', { name: 'Open kiosk mode on this device' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/kiosk'));
    expect(window.localStorage.getItem(KIOSK_STORAGE_KEY)).toBe(SECRET);
  });

  it('says a kiosk needs a work location when the company has none', async () => {
    server([], { locations: [] });
    renderWithApp(<KiosksTab />, { path: '/admin/manage/settings?tab=9' });
    await screen.findByTestId('kiosks-empty');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Register a kiosk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register a kiosk' });
    expect(await within(dialog).findByTestId('kiosk-needs-location')).toHaveTextContent('A kiosk stands at a work location: add one under Work Locations first.');
    expect(within(dialog).getByRole('link', { name: 'Go to Work Locations' })).toHaveAttribute('href', '/admin/manage/settings?tab=8');
  });

  it('revokes a kiosk after the confirmation', async () => {
    const { fetch } = server([LOBBY]);
    renderWithApp(<KiosksTab />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke Lobby tablet' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke Lobby tablet?' });
    expect(dialog).toHaveTextContent('Lobby tablet stops working as a kiosk at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetch, 'POST', '/kiosks/revoke')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke Lobby tablet' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke Lobby tablet?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByTestId('kiosk-revoked')).toHaveTextContent('Revoked');
    expect(calls(fetch, 'POST', '/kiosks/revoke')[0]!.url).toBe('/server/v1/kiosks/revoke?id=2');
    expect(screen.queryByRole('button', { name: 'Revoke Lobby tablet' })).toBeNull();
  });

  it('is a tab of the settings for admins only', async () => {
    server([LOBBY]);
    const { unmount } = renderWithApp(<SettingsScreen canManageKiosks />, { path: '/admin/manage/settings?tab=9' });
    expect(screen.getByRole('tab', { name: 'Kiosks', selected: true })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel', { name: 'Kiosks' });
    expect(await within(panel).findByTestId('kiosk')).toHaveTextContent('Lobby tablet');
    unmount();

    mockFetch({ 'GET /settings/data': () => response({ json: { settings: { dayStartAt: null, mobileClockInDisabled: false, payCycle: 'biweekly', payCycleAnchor: '2026-01-04', weeklyOvertimeMinutes: 2400 }, jobroles: [], ptotypes: [] } }) });
    renderWithApp(<SettingsScreen />, { path: '/admin/manage/settings?tab=9' });
    expect(screen.queryByRole('tab', { name: 'Kiosks' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Time & Overtime', selected: true })).toBeInTheDocument();
  });
});

describe('lastUsedText', () => {
  it('says how long ago, then the local date and time', () => {
    const now = Date.parse('2026-12-04T15:00:00Z');
    expect(lastUsedText(null, now)).toBe('Never');
    expect(lastUsedText('2026-12-04T14:59:40Z', now)).toBe('Just now');
    expect(lastUsedText('2026-12-04T14:59:00Z', now)).toBe('1 minute ago');
    expect(lastUsedText('2026-12-04T14:15:00Z', now)).toBe('45 minutes ago');
    expect(lastUsedText('2026-12-04T13:00:00Z', now)).toBe('2 hours ago');
    expect(lastUsedText('2026-12-01T13:00:00Z', now)).toMatch(/^Dec 1, 2026, \d{1,2}:\d{2}\s(AM|PM)$/);
  });
});
