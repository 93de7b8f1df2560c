import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { ipAllowEntries, locationFailure, toLocationBody, locationFormValues } from '../api/locations';
import { ApiError } from '@/lib/api-client';
import { LocationsTab } from './locations-tab';

interface Location {
  id: number;
  name: string;
  timeZone: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  radiusM: number;
  geofenceMode: string;
  ipAllow: string[];
  ipMode: string;
  people: number[];
  createdAt: string;
}

const MAIN: Location = {
  id: 1,
  name: 'Main Office',
  timeZone: 'America/New_York',
  address: '1 Main St, Springfield',
  latitude: 40.7128,
  longitude: -74.006,
  radiusM: 150,
  geofenceMode: 'flag',
  ipAllow: ['203.0.113.0/24', '198.51.100.7', '2001:db8:42::/48'],
  ipMode: 'block',
  people: [9, 10],
  createdAt: '2026-11-01T12:00:00Z',
};

const DEPOT: Location = {
  id: 2,
  name: 'Depot',
  timeZone: 'America/Chicago',
  address: null,
  latitude: null,
  longitude: null,
  radiusM: 150,
  geofenceMode: 'flag',
  ipAllow: [],
  ipMode: 'flag',
  people: [],
  createdAt: '2026-11-02T12:00:00Z',
};

const person = (id: number, firstname: string, lastname: string) => ({ id, firstname, lastname, email: `${firstname.toLowerCase()}@acme.example`, status: 1 });
/** Two pages of active people (the server's pages are 30 long; two here). */
const PAGES = [
  [person(9, 'Emma', 'Brooks'), person(10, 'Liam', 'Carter')],
  [person(11, 'Noah', 'Diaz')],
];

const BAD_IP = '"10.0.0.300" is not an IP address or CIDR block (such as 203.0.113.0/24)';
const BAD_RADIUS = 'Please enter a radius between 50 m and 50,000 m (50 km)';
const BAD_ZONE = 'Please choose a time zone such as America/Chicago';

function server(initial: Location[]) {
  let locations = [...initial];
  const saves: Record<string, unknown>[] = [];
  const fetch = mockFetch({
    'GET /locations': () => response({ json: locations }),
    'POST /locations/save': (init) => {
      const body = bodyOf(init) as Record<string, unknown> & { id?: number; ipAllow: string[] };
      saves.push(body);
      const errors: Record<string, string[]> = {};
      body.ipAllow.forEach((entry, index) => {
        if (entry === '10.0.0.300') errors[`ipAllow[${index}]`] = [`"${entry}" is not an IP address or CIDR block (such as 203.0.113.0/24)`];
      });
      // A zone newer than the server's list.
      if (body.timeZone === 'America/Ciudad_Juarez') errors.timeZone = [BAD_ZONE];
      if (Object.keys(errors).length > 0) return response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'x', errors } });
      const saved: Location = {
        ...(locations.find((l) => l.id === body.id) ?? { id: 3, people: [], createdAt: '2026-12-01T00:00:00Z' }),
        ...(body as Partial<Location>),
        timeZone: (body.timeZone as string | null) ?? 'America/New_York',
        radiusM: (body.radiusM as number | null) ?? 150,
      } as Location;
      locations = body.id ? locations.map((l) => (l.id === body.id ? saved : l)) : [...locations, saved];
      return response({ json: saved });
    },
    'POST /locations/delete': ({ url }) => {
      const id = Number(new URL(url, 'http://x').searchParams.get('id'));
      locations = locations.filter((l) => l.id !== id);
      return response({ json: locations });
    },
    'POST /locations/people': (init) => {
      const id = Number(new URL(init.url, 'http://x').searchParams.get('id'));
      const { add, remove } = bodyOf(init) as { add: number[]; remove: number[] };
      locations = locations.map((l) => (l.id === id ? { ...l, people: [...l.people.filter((p) => !remove.includes(p)), ...add] } : l));
      return response({ json: locations.find((l) => l.id === id) });
    },
    'GET /manage/employees': ({ url }) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      return response({ json: { employees: PAGES[page - 1] ?? [], totalCount: 3, page } });
    },
  });
  return { fetch, saves, current: () => locations };
}

/** The people chosen in a picker, as its pills show them. */
const pills = (root: HTMLElement) => [...root.querySelectorAll('.mantine-Pill-label')].map((pill) => pill.textContent);

const calls = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls
    .filter(([url, init]) => String(url).replace(/\?.*$/, '') === `/server/v1${path}` && ((init as RequestInit | undefined)?.method ?? 'GET') === method)
    .map(([url, init]) => ({ url: String(url), init: init as RequestInit }));

describe('Settings, Work Locations', () => {
  it('lists the locations with their geofence, IP allow-list and people', async () => {
    server([MAIN, DEPOT]);
    renderWithApp(<LocationsTab canEdit />);
    const rows = await screen.findAllByTestId('work-location');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Main Office');
    expect(rows[0]).toHaveTextContent('America/New_York');
    expect(rows[0]).toHaveTextContent('1 Main St, Springfield');
    expect(within(rows[0]!).getByTestId('work-location-geofence')).toHaveTextContent('150 m · flag');
    expect(within(rows[0]!).getByTestId('work-location-ip')).toHaveTextContent('203.0.113.0/24 and 2 more · block');
    expect(within(rows[0]!).getByTestId('work-location-people')).toHaveTextContent('2');
    expect(within(rows[1]!).getByTestId('work-location-geofence')).toHaveTextContent('None');
    expect(within(rows[1]!).getByTestId('work-location-ip')).toHaveTextContent('None');
    expect(within(rows[1]!).getByTestId('work-location-people')).toHaveTextContent('0');
    expect(screen.getByRole('button', { name: 'Add location' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Edit Main Office' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'People of Main Office' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Delete Main Office' })).toBeInTheDocument();
  });

  it('says when there is none', async () => {
    server([]);
    renderWithApp(<LocationsTab canEdit />);
    expect(await screen.findByTestId('work-locations-empty')).toHaveTextContent('There is no work location yet');
  });

  it('shows a manager the locations without a way to change them', async () => {
    server([MAIN]);
    renderWithApp(<LocationsTab canEdit={false} />);
    expect(await screen.findAllByTestId('work-location')).toHaveLength(1);
    expect(screen.getByText('Only a company admin can change the work locations.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('checks a new location before sending it: a name, both coordinates or neither, the radius', async () => {
    const { saves } = server([DEPOT]);
    renderWithApp(<LocationsTab canEdit />);
    await screen.findAllByTestId('work-location');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add location' });
    const radius = within(dialog).getByRole('textbox', { name: 'Radius (metres)' });
    expect(radius).toHaveValue('150');

    await user.type(within(dialog).getByRole('textbox', { name: 'Latitude' }), '40.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText("Please enter the location's name")).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter the longitude too, or neither')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'North Yard');
    await user.type(within(dialog).getByRole('textbox', { name: 'Longitude' }), '-75.25');
    await user.clear(radius);
    await user.type(radius, '60000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(BAD_RADIUS)).toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });

  it("adds a location, showing the server's refusals on their fields (an allow-list entry by its line)", async () => {
    const { saves } = server([DEPOT]);
    renderWithApp(<LocationsTab canEdit />);
    await screen.findAllByTestId('work-location');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add location' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'North Yard');
    await user.type(within(dialog).getByRole('textbox', { name: 'Latitude' }), '40.5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Longitude' }), '-75.25');
    const radius = within(dialog).getByRole('textbox', { name: 'Radius (metres)' });
    await user.clear(radius);
    await user.type(radius, '200');
    await user.type(within(dialog).getByRole('textbox', { name: 'Address' }), '9 Dock Rd');
    await user.type(within(dialog).getByLabelText(/^Time zone/, { selector: 'input' }), 'Ciudad');
    await user.click(await screen.findByRole('option', { name: 'America/Ciudad_Juarez' }));
    const geofenceModes = within(dialog).getByRole('radiogroup', { name: 'When a press is outside the geofence' });
    await user.click(within(geofenceModes).getByRole('radio', { name: 'Block: refuse the clock-in' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Allowed addresses' }), '203.0.113.0/24{Enter}{Enter}10.0.0.300');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText(BAD_ZONE)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Time zone/, { selector: 'input' })).toHaveAttribute('aria-invalid', 'true');
    // The bad entry is the second sent, on the third line.
    expect(within(dialog).getByText(`Line 3: ${BAD_IP}`)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Allowed addresses' })).toHaveAttribute('aria-invalid', 'true');
    expect(saves[0]).toEqual({
      name: 'North Yard',
      timeZone: 'America/Ciudad_Juarez',
      address: '9 Dock Rd',
      latitude: 40.5,
      longitude: -75.25,
      radiusM: 200,
      geofenceMode: 'block',
      ipAllow: ['203.0.113.0/24', '10.0.0.300'],
      ipMode: 'flag',
    });
    expect(screen.queryByRole('alert')).toBeNull();

    // Empty: the company's zone.
    // The clear button is hidden from assistive technology (Mantine's): found by its label.
    await user.click(dialog.querySelector<HTMLElement>('button[aria-label="Clear the time zone"]')!);
    const ips = within(dialog).getByRole('textbox', { name: 'Allowed addresses' });
    await user.clear(ips);
    await user.type(ips, '203.0.113.0/24');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add location' })).toBeNull());
    expect(saves[1]).toMatchObject({ timeZone: null, radiusM: 200, ipAllow: ['203.0.113.0/24'] });
    await waitFor(() => expect(screen.getAllByTestId('work-location')).toHaveLength(2));
    const added = screen.getAllByTestId('work-location')[1]!;
    expect(added).toHaveTextContent('North Yard');
    expect(within(added).getByTestId('work-location-geofence')).toHaveTextContent('200 m · block');
    expect(within(added).getByTestId('work-location-ip')).toHaveTextContent('203.0.113.0/24 · flag');
  });

  it('edits a location: its values in the form, its id in the post', async () => {
    const { saves } = server([MAIN]);
    renderWithApp(<LocationsTab canEdit />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Main Office' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Main Office' });
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Main Office');
    expect(within(dialog).getByLabelText(/^Time zone/, { selector: 'input' })).toHaveValue('America/New_York');
    expect(within(dialog).getByRole('textbox', { name: 'Latitude' })).toHaveValue('40.7128');
    expect(within(dialog).getByRole('textbox', { name: 'Allowed addresses' })).toHaveValue('203.0.113.0/24\n198.51.100.7\n2001:db8:42::/48');
    const ipModes = within(dialog).getByRole('radiogroup', { name: 'When a press comes from another address' });
    expect(within(ipModes).getByRole('radio', { name: 'Block: refuse the clock-in' })).toBeChecked();

    // Without coordinates: no geofence.
    await user.clear(within(dialog).getByRole('textbox', { name: 'Latitude' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Longitude' }));
    await user.click(within(ipModes).getByRole('radio', { name: 'Flag: accept the press and mark it' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Main Office' })).toBeNull());
    expect(saves[0]).toEqual({
      id: 1,
      name: 'Main Office',
      timeZone: 'America/New_York',
      address: '1 Main St, Springfield',
      latitude: null,
      longitude: null,
      radiusM: 150,
      geofenceMode: 'flag',
      ipAllow: ['203.0.113.0/24', '198.51.100.7', '2001:db8:42::/48'],
      ipMode: 'flag',
    });
    await waitFor(() => expect(screen.getByTestId('work-location-geofence')).toHaveTextContent('None'));
  });

  it('deletes a location after the confirmation', async () => {
    const { fetch } = server([MAIN, DEPOT]);
    renderWithApp(<LocationsTab canEdit />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Main Office' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('Main Office will be deleted, and the 2 people held to it will no longer be checked against its rules.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetch, 'POST', '/locations/delete')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Main Office' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('work-location')).toHaveLength(1));
    expect(screen.getByTestId('work-location')).toHaveTextContent('Depot');
    expect(calls(fetch, 'POST', '/locations/delete')[0]!.url).toBe('/server/v1/locations/delete?id=1');
  });

  it('adds and removes people of a location in one call, choosing among every active person', async () => {
    const { fetch } = server([MAIN]);
    renderWithApp(<LocationsTab canEdit />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'People of Main Office' }));
    const dialog = await screen.findByRole('dialog', { name: 'People of Main Office' });
    const picker = await within(dialog).findByLabelText('People held to this location', { selector: 'input' });
    expect(pills(dialog)).toEqual(['Emma Brooks', 'Liam Carter']);
    expect(within(dialog).getByTestId('location-people-count')).toHaveTextContent('2 people');
    // Both pages of people were read.
    expect(calls(fetch, 'GET', '/manage/employees').map((call) => new URL(call.url, 'http://x').searchParams.get('page'))).toEqual(['1', '2']);

    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Noah Diaz' }));
    expect(pills(dialog)).toEqual(['Emma Brooks', 'Liam Carter', 'Noah Diaz']);
    const emma = [...dialog.querySelectorAll<HTMLElement>('.mantine-Pill-root')].find((pill) => pill.textContent === 'Emma Brooks')!;
    await user.click(within(emma).getByRole('button', { hidden: true }));
    expect(pills(dialog)).toEqual(['Liam Carter', 'Noah Diaz']);
    await user.click(within(dialog).getByRole('button', { name: 'Save people' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'People of Main Office' })).toBeNull());
    const post = calls(fetch, 'POST', '/locations/people')[0]!;
    expect(post.url).toBe('/server/v1/locations/people?id=1');
    expect(bodyOf(post.init)).toEqual({ add: [11], remove: [9] });
    await waitFor(() => expect(screen.getByTestId('work-location-people')).toHaveTextContent('2'));
  });
});

describe('the location form helpers', () => {
  it('sends the allow-list one entry a line, and names the line of a refused entry', () => {
    expect(ipAllowEntries(' 203.0.113.7 \n\n10.0.0.0/8\r\n')).toEqual({ entries: ['203.0.113.7', '10.0.0.0/8'], lines: [1, 3] });
    const body = toLocationBody({ ...locationFormValues(null, ''), name: ' Yard ', radiusM: '', ipAllow: 'a\n\nb' }, null);
    expect(body).toMatchObject({ name: 'Yard', timeZone: null, radiusM: null, latitude: null, ipAllow: ['a', 'b'] });
    expect(body).not.toHaveProperty('id');
    const refusal = new ApiError(400, 'Bad Request', { errors: { 'ipAllow[1]': ['bad b'], name: ['taken'], other: ['elsewhere'] } });
    expect(locationFailure(refusal, [1, 3])).toEqual({ fieldErrors: { name: 'taken', ipAllow: 'Line 3: bad b' }, message: 'elsewhere' });
  });
});
