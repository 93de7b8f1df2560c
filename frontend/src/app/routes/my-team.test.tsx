import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { CLOCK_STATUS_LABELS } from '@/components/clock-status-badge';
import { CLOCK_STATE_LABELS } from '@/features/clock/components/clock-machine';
import { sessionStore } from '@/lib/session';
import { mockFetch, response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

const json = (body: unknown) => () => response({ json: body });
const loginData = { 'GET /auth/login-data': json({ identity: {}, companyName: 'Acme Insurance', companyId: 1 }) };

const member = (overrides: Record<string, unknown>) => ({
  id: 1,
  firstname: 'Ada',
  lastname: 'Admin',
  avatar: null,
  phone: null,
  email: null,
  currentClockStatus: 0,
  currentClockTime: null,
  ...overrides,
});

const MEMBERS = [
  member({ id: 1, firstname: 'Ada', lastname: 'Admin', phone: '(555) 123-4567', email: 'ada@acme.example.com', currentClockStatus: 1, currentClockTime: '2026-11-18T14:03:00Z' }),
  member({ id: 9, firstname: 'Emma', lastname: 'Brooks', email: 'emma@acme.example.com', currentClockStatus: 2, currentClockTime: '2026-11-18T17:00:00Z' }),
  member({ id: 10, firstname: 'Liam', lastname: 'Carter', currentClockStatus: 3 }),
  member({ id: 11, firstname: 'Zoe', lastname: 'Young' }),
];

const names = () => screen.getAllByTestId('team-member').map((m) => within(m).getByRole('heading').textContent);

describe('/my-team', () => {
  afterEach(() => sessionStore.clear());

  it('lists colleagues A-Z by last name with their clock status, phone and e-mail links, and sorts Z-A', async () => {
    mockFetch({ ...loginData, 'GET /team/mine': json({ members: [MEMBERS[2], MEMBERS[0], MEMBERS[3], MEMBERS[1]] }) });
    sessionStore.setToken(fakeToken({ eid: 9, roles: ['employee'], timezone: 'America/New_York' }));
    renderRoutes(routes, '/my-team');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Team' })).toBeInTheDocument();
    expect(document.title).toBe('My Team | Timekeep');
    await waitFor(() => expect(names()).toEqual(['Ada Admin', 'Emma Brooks', 'Liam Carter', 'Zoe Young']));

    const [ada, emma, liam, zoe] = screen.getAllByTestId('team-member');
    expect(within(ada!).getByRole('link', { name: '(555) 123-4567' })).toHaveAttribute('href', 'tel:5551234567');
    expect(within(ada!).getByRole('link', { name: 'ada@acme.example.com' })).toHaveAttribute('href', 'mailto:ada@acme.example.com');
    expect(ada).toHaveTextContent('Clocked in');
    expect(ada).toHaveTextContent('since 09:03 AM');
    expect(emma).toHaveTextContent('On a break');
    expect(within(emma!).queryByRole('link', { name: /^\(/ })).toBeNull();
    expect(liam).toHaveTextContent('Clocked out');
    expect(zoe).toHaveTextContent('Not clocked in');
    expect(within(zoe!).queryAllByRole('link')).toHaveLength(0);
    expect(within(ada!).getByTestId('person-avatar')).toHaveTextContent('AA');

    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Sort by', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Z - A' }));
    await waitFor(() => expect(names()).toEqual(['Zoe Young', 'Liam Carter', 'Emma Brooks', 'Ada Admin']));

    // Employees find My Team in the menu.
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'My Team' })).toHaveAttribute('href', '/my-team');
  });

  it("uses the clock card's words for the clock status", () => {
    for (const status of [0, 1, 2, 3] as const) expect(CLOCK_STATUS_LABELS[status]).toBe(CLOCK_STATE_LABELS[status]);
  });
});
