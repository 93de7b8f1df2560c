import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { ADMIN, callsTo, employee, json, manageData } from '../testing/fixtures';
import { EmployeeEditScreen } from './employee-edit-screen';
import { PersonLocationsCard } from './person-locations-card';

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

const LOCATIONS = [location(1, 'Main Office'), location(2, 'Depot'), location(3, 'North Yard')];

function server(initial: number[], { locations = LOCATIONS } = {}) {
  let held = initial;
  const posts: unknown[] = [];
  const fetch = mockFetch({
    'GET /locations': json(locations),
    'GET /locations/of-person': () => response({ json: { employeeId: 9, locationIds: held } }),
    'POST /locations/of-person': (init) => {
      const body = bodyOf(init) as { locationIds: number[] };
      posts.push(body);
      if (body.locationIds.includes(3)) {
        return response({ status: 404, statusText: 'Not Found', json: { code: 'not_found', message: 'The location could not be found.', errors: {} } });
      }
      held = body.locationIds;
      return response({ json: { employeeId: 9, locationIds: held } });
    },
  });
  return { fetch, posts };
}

/** The locations chosen, as the picker's pills show them. */
const pills = (root: HTMLElement) => [...root.querySelectorAll('.mantine-Pill-label')].map((pill) => pill.textContent);

describe("the employee edit screen's work locations card", () => {
  it("shows the person's locations among the company's and saves them all at once", async () => {
    const { fetch, posts } = server([1]);
    renderWithApp(<PersonLocationsCard employeeId={9} canEdit />);
    const card = await screen.findByTestId('person-locations');
    expect(within(card).getByRole('heading', { name: 'Work locations' })).toBeInTheDocument();
    expect(within(card).getByText("No location: no place rule applies to this person's presses.")).toBeInTheDocument();
    const picker = await within(card).findByLabelText('Locations', { selector: 'input' });
    expect(pills(card)).toEqual(['Main Office']);
    expect(callsTo(fetch, 'GET', '/locations/of-person')[0]!.url.search).toBe('?eid=9');

    const user = userEvent.setup();
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Depot' }));
    expect(pills(card)).toEqual(['Main Office', 'Depot']);
    await user.click(within(card).getByRole('button', { name: 'Save work locations' }));
    expect(await within(card).findByText("The person's work locations have been saved.")).toBeInTheDocument();
    expect(posts).toEqual([{ locationIds: [1, 2] }]);
    const post = callsTo(fetch, 'POST', '/locations/of-person')[0]!;
    expect(post.url.search).toBe('?eid=9');

    // None: no place rule applies.
    const main = [...card.querySelectorAll<HTMLElement>('.mantine-Pill-root')].find((pill) => pill.textContent === 'Main Office')!;
    await user.click(within(main).getByRole('button', { hidden: true }));
    const depot = [...card.querySelectorAll<HTMLElement>('.mantine-Pill-root')].find((pill) => pill.textContent === 'Depot')!;
    await user.click(within(depot).getByRole('button', { hidden: true }));
    expect(pills(card)).toEqual([]);
    await user.click(within(card).getByRole('button', { name: 'Save work locations' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toEqual({ locationIds: [] });
    expect(await within(card).findByText("The person's work locations have been saved.")).toBeInTheDocument();
  });

  it("says so when the server refuses, and keeps the choice", async () => {
    server([]);
    renderWithApp(<PersonLocationsCard employeeId={9} canEdit />);
    const card = await screen.findByTestId('person-locations');
    const user = userEvent.setup();
    await user.click(await within(card).findByLabelText('Locations', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'North Yard' }));
    await user.click(within(card).getByRole('button', { name: 'Save work locations' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Sorry The location could not be found.');
    expect(pills(card)).toEqual(['North Yard']);
  });

  it('says where to add locations when the company has none', async () => {
    server([], { locations: [] });
    renderWithApp(<PersonLocationsCard employeeId={9} canEdit />, { path: '/admin/manage/edit-user/9' });
    const hint = await screen.findByTestId('no-locations');
    expect(hint).toHaveTextContent('No work locations yet — add them in Settings › Work Locations');
    expect(within(hint).getByRole('link', { name: 'Settings › Work Locations' })).toHaveAttribute(
      'href',
      '/admin/manage/settings?tab=8&return=%2Fadmin%2Fmanage%2Fedit-user%2F9',
    );
    expect(screen.queryByRole('button', { name: 'Save work locations' })).toBeNull();
  });

  it("shows the names only to someone who may not change them", async () => {
    server([2, 1]);
    renderWithApp(<PersonLocationsCard employeeId={9} canEdit={false} />);
    expect(await screen.findByTestId('person-locations-current')).toHaveTextContent('Depot, Main Office');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says so when the locations cannot be loaded', async () => {
    mockFetch({
      'GET /locations': json(LOCATIONS),
      'GET /locations/of-person': () => response({ status: 500, statusText: 'Server Error', json: { code: 'internal', message: 'x', errors: {} } }),
    });
    renderWithApp(<PersonLocationsCard employeeId={9} canEdit />);
    expect(await screen.findByText("The person's work locations could not be loaded.")).toBeInTheDocument();
  });

  it('is on the edit screen of an admin, under the basic information only', async () => {
    mockFetch({
      'GET /manage/data': json(manageData()),
      'GET /manage/user-data': json(employee()),
      'GET /locations': json(LOCATIONS),
      'GET /locations/of-person': json({ employeeId: 9, locationIds: [1] }),
      'GET /contacts/list': json({ contacts: [] }),
    });
    const { router } = renderWithApp(<EmployeeEditScreen identity={ADMIN} employeeId={9} />, { path: '/admin/manage/edit-user/9' });
    const card = await screen.findByTestId('person-locations');
    await within(card).findByLabelText('Locations', { selector: 'input' });
    expect(pills(card)).toEqual(['Main Office']);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Emergency Contacts' }));
    await waitFor(() => expect(router.state.location.search).toContain('tab=2'));
    expect(screen.queryByTestId('person-locations')).toBeNull();
  });
});
