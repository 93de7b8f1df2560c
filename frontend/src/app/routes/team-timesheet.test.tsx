import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import type { IdentityClaims } from '@/lib/identity';
import { sessionStore } from '@/lib/session';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

const loginData = { 'GET /auth/login-data': () => response({ json: { identity: {}, companyName: 'Acme Insurance', companyId: 1 } }) };
const DATES = ['2026-10-04', '2026-10-05', '2026-10-06', '2026-10-07', '2026-10-08', '2026-10-09', '2026-10-10'];
const day = (date: string, worked = 0, overtime = 0, timeOff = 0) => ({ date, workedMinutes: worked, overtimeMinutes: overtime, timeOffMinutes: timeOff });

function person(id: number, firstname: string, overrides: Record<string, unknown> = {}) {
  return {
    employeeId: id,
    firstname,
    lastname: 'Brooks',
    avatar: null,
    jobRole: 'Producer',
    days: DATES.map((date) => day(date)),
    workedMinutes: 0,
    regularMinutes: 0,
    overtimeMinutes: 0,
    timeOffMinutes: 0,
    openShiftSince: null,
    pendingEdits: 0,
    pendingTimeOff: 0,
    review: null,
    mayApprove: true,
    ...overrides,
  };
}

const SHEET = {
  start: '2026-10-04',
  end: '2026-10-10',
  days: DATES.map((date, i) => day(date, i === 5 ? 540 : 0, i === 5 ? 300 : 0)),
  people: [
    person(9, 'Emma', {
      days: DATES.map((date, i) => day(date, i >= 1 && i <= 5 ? 540 : 0, i === 5 ? 300 : 0, i === 6 ? 480 : 0)),
      workedMinutes: 2700,
      regularMinutes: 2400,
      overtimeMinutes: 300,
      timeOffMinutes: 480,
      pendingEdits: 1,
      openShiftSince: '2026-10-09T13:00:00Z',
    }),
    person(2, 'Max', { mayApprove: false }),
    person(10, 'Liam', { review: { employeeId: 10, start: '2026-10-04', end: '2026-10-10', reviewedBy: 'Ada Admin', reviewedAt: '2026-10-11T15:00:00Z' } }),
    person(11, 'Noah'),
  ],
  workedMinutes: 2700,
  overtimeMinutes: 300,
  timeOffMinutes: 480,
};

const signInAsManager = (overrides: Partial<IdentityClaims> = {}) =>
  sessionStore.setToken(fakeToken({ eid: 2, firstname: 'Max', roles: ['manager'], timezone: 'America/New_York', ...overrides }));

const row = (name: string) => screen.getAllByTestId('team-row').find((candidate) => within(candidate).queryByText(new RegExp(`^${name} Brooks$`)))!;

describe('/timesheet/team', () => {
  afterEach(() => sessionStore.clear());

  it('shows double time next to the overtime of whoever has some (issue 37)', async () => {
    const withDouble = {
      ...SHEET,
      days: SHEET.days.map((d, i) => ({ ...d, doubleTimeMinutes: i === 5 ? 60 : 0 })),
      people: SHEET.people.map((p) =>
        p.employeeId === 9
          ? { ...p, days: p.days.map((d, i) => ({ ...d, doubleTimeMinutes: i === 5 ? 60 : 0 })), regularMinutes: 2340, doubleTimeMinutes: 60 }
          : p,
      ),
      doubleTimeMinutes: 60,
    };
    mockFetch({ ...loginData, 'GET /timesheet/team': () => response({ json: withDouble }) });
    signInAsManager();
    renderRoutes(routes, '/timesheet/team?date=2026-10-07');
    await screen.findByTestId('team-table');
    const emma = row('Emma');
    expect(within(emma).getByTestId('team-overtime')).toHaveTextContent(/^5h 00m$/);
    expect(within(emma).getByTestId('team-double')).toHaveTextContent('DT 1h 00m');
    expect(within(emma).getByTestId('team-day-double')).toHaveTextContent('DT 1h 00m');
    expect(within(row('Noah')).queryByTestId('team-double')).toBeNull();
    expect(screen.getByTestId('team-total-double')).toHaveTextContent('DT 1h 00m');
    expect(screen.getByTestId('team-total')).toHaveTextContent('Team: 45h 00m worked, 5h 00m overtime, 1h 00m double time');
  });

  it("shows everyone's days, totals and flags, and approves one person's week", async () => {
    const fetch = mockFetch({
      ...loginData,
      'GET /timesheet/team': () => response({ json: SHEET }),
      'POST /timesheet/approve-period': () => response({ json: { reviews: [{ employeeId: 9, start: '2026-10-04', end: '2026-10-10', reviewedBy: 'Max Manager', reviewedAt: '2026-10-11T15:00:00Z' }] } }),
    });
    signInAsManager();
    renderRoutes(routes, '/timesheet/team?date=2026-10-07');
    expect(await screen.findByRole('heading', { level: 1, name: 'Team Timesheet' })).toBeInTheDocument();
    expect(document.title).toBe('Team Timesheet | Timekeep');
    await screen.findByTestId('team-table');
    expect(screen.getByTestId('team-range')).toHaveTextContent('10/04/2026 – 10/10/2026');
    const emma = row('Emma');
    expect(within(emma).getByTestId('team-regular')).toHaveTextContent('40h 00m');
    expect(within(emma).getByTestId('team-overtime')).toHaveTextContent('5h 00m');
    expect(emma).toHaveTextContent('OT 5h 00m');
    expect(emma).toHaveTextContent('Off 8h 00m');
    expect(within(emma).getByTestId('team-flags')).toHaveTextContent('1 timesheet edit waiting');
    expect(within(emma).getByTestId('team-flags')).toHaveTextContent('missed clock-out?');
    expect(within(emma).getByRole('link', { name: 'Emma Brooks' })).toHaveAttribute('href', '/timesheet/employee/9?start=2026-10-04&end=2026-10-10');
    // One's own week is not one's to approve; an approved one says by whom.
    // Double time shows only where there is some (none in this week).
    expect(screen.queryByTestId('team-double')).toBeNull();
    expect(within(row('Max')).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(row('Max')).toHaveTextContent('Your own: another approver answers it');
    expect(within(row('Liam')).getByTestId('team-approved')).toHaveTextContent('Approved by Ada Admin on Oct 11, 2026');
    // 'Approve all' counts those still to approve: Emma and Noah.
    expect(screen.getByRole('button', { name: 'Approve all (2)' })).toBeEnabled();

    await userEvent.setup().click(within(emma).getByRole('button', { name: 'Approve Emma Brooks' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/timesheet/approve-period'))).toBe(true));
    const sent = fetch.mock.calls.find(([url]) => String(url).endsWith('/timesheet/approve-period'))!;
    expect(bodyOf(sent[1]!)).toEqual({ employeeIds: [9], date: '2026-10-04', span: 'week' });
    const asked = fetch.mock.calls.find(([url]) => String(url).includes('/timesheet/team'))!;
    expect(String(asked[0])).toContain('date=2026-10-07');
  });

  it('approves everyone still to approve at once, and walks to the next pay period', async () => {
    const fetch = mockFetch({
      ...loginData,
      'GET /timesheet/team': () => response({ json: SHEET }),
      'POST /timesheet/approve-period': () => response({ json: { reviews: [] } }),
    });
    signInAsManager();
    const { router } = renderRoutes(routes, '/timesheet/team?date=2026-10-07');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve all (2)' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/timesheet/approve-period'))).toBe(true));
    const sent = fetch.mock.calls.find(([url]) => String(url).endsWith('/timesheet/approve-period'))!;
    expect(bodyOf(sent[1]!)).toEqual({ employeeIds: [9, 11], date: '2026-10-04', span: 'week' });
    await user.click(screen.getByRole('radio', { name: 'Pay period' }));
    await waitFor(() => expect(router.state.location.search).toBe('?date=2026-10-07&span=payPeriod'));
    await user.click(await screen.findByRole('button', { name: 'Next pay period' }));
    await waitFor(() => expect(router.state.location.search).toBe('?date=2026-10-11&span=payPeriod'));
  });

  it('lists the team as cards on a phone', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width: 767px') })) as typeof window.matchMedia;
    try {
      mockFetch({ ...loginData, 'GET /timesheet/team': () => response({ json: SHEET }) });
      signInAsManager();
      renderRoutes(routes, '/timesheet/team');
      expect(await screen.findByTestId('team-cards')).toBeInTheDocument();
      expect(screen.queryByTestId('team-table')).toBeNull();
      expect(screen.getAllByTestId('team-row')).toHaveLength(4);
    } finally {
      window.matchMedia = original;
    }
  });

  it('is in the menu of admins and managers, not employees', async () => {
    mockFetch({ ...loginData, 'GET /timesheet/team': () => response({ json: SHEET }) });
    signInAsManager();
    renderRoutes(routes, '/timesheet/team');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Team Timesheet' })).toHaveAttribute('href', '/timesheet/team');
  });
});
