import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { agendaItem, asAdmin, callsTo, calendarServer, identity, json, TODAY, WEEK_ITEMS } from '../testing/calendar-server';
import { toCalendarEvent, visibleRange } from './calendar-events';
import { NOTHING_THIS_MONTH } from './month-list';
import { TeamCalendarScreen } from './team-calendar-screen';

describe('agenda items on FullCalendar', () => {
  it('keeps wall times as they are, ends all-day items on the next day (exclusive) and colours them by type', () => {
    const [timeOff, birthday, pending, event] = WEEK_ITEMS.map(toCalendarEvent);
    expect(timeOff).toMatchObject({ start: '2026-11-16', end: '2026-11-18', allDay: true, title: 'Liam Carter – Vacation', backgroundColor: 'var(--mantine-color-teal-9)' });
    expect(birthday).toMatchObject({ start: '2026-11-18', end: '2026-11-19', allDay: true, backgroundColor: 'var(--mantine-color-pink-9)' });
    expect(pending).toMatchObject({
      start: '2026-11-18T09:00:00',
      end: '2026-11-18T11:00:00',
      allDay: false,
      backgroundColor: 'var(--mantine-color-yellow-4)',
      textColor: 'var(--mantine-color-black)',
      interactive: false,
    });
    expect(event).toMatchObject({ title: 'Team lunch', backgroundColor: 'var(--mantine-color-blue-8)', interactive: true, extendedProps: { agendaType: 'HrCalendarEvent', agendaId: 70, canEdit: true } });
    expect(toCalendarEvent(WEEK_ITEMS[4]!).backgroundColor).toBe('var(--mantine-color-red-9)');
    expect(toCalendarEvent(WEEK_ITEMS[5]!).backgroundColor).toBe('var(--mantine-color-violet-9)');
  });

  it("turns FullCalendar's visible range (exclusive end) into the agenda's days", () => {
    expect(visibleRange('2026-11-01T00:00:00Z', '2026-12-13T00:00:00Z')).toEqual({ start: '2026-11-01', end: '2026-12-12' });
  });
});

describe('/team-calendar', () => {
  it("asks for the month on screen, shows the items with a 09:00 event at 9:00 and the legend; a calendar event opens the panel", async () => {
    const fetch = calendarServer({
      'GET /pto/agenda': json({
        items: [...WEEK_ITEMS, agendaItem({ agendaType: 'HrCalendarEvent', id: 72, start: '2026-11-24 09:00:00', end: '2026-11-24 10:00:00', name: 'Standup' })],
      }),
    });
    renderWithApp(<TeamCalendarScreen identity={asAdmin()} today={TODAY} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Team Calendar' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetch, 'GET', '/pto/agenda')).toHaveLength(1));
    // November 2026 starts on a Sunday; six weeks are shown.
    expect(Object.fromEntries(callsTo(fetch, 'GET', '/pto/agenda')[0]!.url.searchParams)).toEqual({ start: '2026-11-01', end: '2026-12-12', includePending: '1' });
    expect(await screen.findByText('November 2026')).toBeInTheDocument();

    const standup = (await screen.findByText('Standup')).closest('.fc-event') as HTMLElement;
    expect(within(standup).getByText('9:00am')).toBeInTheDocument();
    expect(screen.getByText('Founders Day')).toBeInTheDocument();
    expect(within(screen.getByTestId('agenda-legend')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Time Off',
      'Pending Time Off',
      'Holiday',
      'Birthday',
      'Anniversary',
      'Event',
    ]);

    const user = userEvent.setup();
    await user.click(screen.getByText('Team lunch'));
    expect(await screen.findByRole('dialog', { name: 'Edit Event' })).toBeInTheDocument();
    expect(callsTo(fetch, 'GET', '/calendar-event/get-calendar-event-info')[0]!.url.search).toBe('?id=70');
  });

  it("shows licence expiries and CE due dates (issue 42) as all-day 'Licence' entries, named in the legend", async () => {
    const expiry = agendaItem({ agendaType: 'LICENCE', id: 21, start: '2026-11-19 00:00:00', end: '2026-11-19 23:59:59', allday: 1, employeeId: 9, firstname: 'Emma', lastname: 'Brooks', name: 'TX licence 1234567 expires' });
    expect(toCalendarEvent(expiry)).toMatchObject({ start: '2026-11-19', end: '2026-11-20', allDay: true, title: 'Emma Brooks – TX licence 1234567 expires', backgroundColor: 'var(--mantine-color-cyan-9)' });
    calendarServer({ 'GET /pto/agenda': json({ items: [expiry] }) });
    renderWithApp(<TeamCalendarScreen identity={asAdmin()} today={TODAY} />);
    expect(await screen.findByText('Emma Brooks – TX licence 1234567 expires')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId('agenda-legend')).getAllByRole('listitem').map((li) => li.textContent)).toContain('Licence'));
  });

  it("shows an employee their own pending time off, and the legend says the pending entries are theirs", async () => {
    const own = agendaItem({ agendaType: 'PTO_REQUEST', id: 80, start: '2026-11-19 00:00:00', end: '2026-11-19 23:59:59', allday: 1, status: 0, employeeId: 9, firstname: 'Emma', lastname: 'Brooks', name: 'Vacation' });
    calendarServer({ 'GET /pto/agenda': json({ items: [own] }) });
    renderWithApp(<TeamCalendarScreen identity={identity()} today={TODAY} />);
    const event = (await screen.findByText('Emma Brooks – Vacation (pending)')).closest('.fc-event') as HTMLElement;
    expect(event.style.backgroundColor).toBe('var(--mantine-color-yellow-4)');
    expect(within(screen.getByTestId('agenda-legend')).getAllByRole('listitem').map((li) => li.textContent)).toContain('My Pending Time Off');
    expect(within(screen.getByTestId('agenda-legend')).queryByText('Pending Time Off')).toBeNull();
  });

  it("moves to the next month and to the week view, asking for their days; 'Add Event' opens the panel on today", async () => {
    const fetch = calendarServer();
    renderWithApp(<TeamCalendarScreen identity={identity()} today={TODAY} />);
    const user = userEvent.setup();
    await waitFor(() => expect(callsTo(fetch, 'GET', '/pto/agenda')).toHaveLength(1));
    // Employees ask for pending time off too: the server gives them their own.
    expect(callsTo(fetch, 'GET', '/pto/agenda')[0]!.url.searchParams.get('includePending')).toBe('1');

    await user.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(callsTo(fetch, 'GET', '/pto/agenda').at(-1)!.url.search).toBe('?start=2026-11-29&end=2027-01-09&includePending=1'));
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await user.click(screen.getByRole('button', { name: 'Week' }));
    await waitFor(() => expect(callsTo(fetch, 'GET', '/pto/agenda').at(-1)!.url.search).toBe('?start=2026-11-15&end=2026-11-21&includePending=1'));
    expect(screen.getByText('Nov 15 – 21, 2026')).toBeInTheDocument();

    // 'Add Event' opens the panel on the company's today.
    await user.click(screen.getByRole('button', { name: 'Add Event' }));
    const panel = await screen.findByRole('dialog', { name: 'Add Event' });
    expect(within(panel).getByLabelText(/^Start Date/)).toHaveValue(TODAY);
  });
});

/** Runs `body` with the screen 767px wide or less (the phone's media query matches). */
async function onAPhone(body: () => Promise<void>) {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width: 767px') })) as typeof window.matchMedia;
  try {
    await body();
  } finally {
    window.matchMedia = original;
  }
}

const listedDays = () => screen.getAllByTestId('agenda-day').map((day) => day.getAttribute('data-day'));

describe('/team-calendar as a list', () => {
  it("opens on a phone as the month's entries by day, whole titles, and moves between the months", () =>
    onAPhone(async () => {
      const long = agendaItem({ agendaType: 'HrCalendarEvent', id: 73, start: '2026-11-24 09:00:00', end: '2026-11-24 10:00:00', name: 'Quarterly carrier review with the whole sales team' });
      const fetch = calendarServer({ 'GET /pto/agenda': json({ items: [...WEEK_ITEMS, long] }) });
      renderWithApp(<TeamCalendarScreen identity={asAdmin()} today={TODAY} />);
      const user = userEvent.setup();

      expect(screen.getByRole('radio', { name: 'List' })).toBeChecked();
      await waitFor(() => expect(screen.getAllByTestId('agenda-day')).toHaveLength(6));
      // The month itself, not the grid's six weeks; and no grid at all.
      expect(Object.fromEntries(callsTo(fetch, 'GET', '/pto/agenda')[0]!.url.searchParams)).toEqual({ start: '2026-11-01', end: '2026-11-30', includePending: '1' });
      expect(screen.queryByTestId('team-calendar')).toBeNull();
      expect(screen.getByRole('heading', { level: 2, name: 'November 2026' })).toBeInTheDocument();
      expect(listedDays()).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-20', '2026-11-21', '2026-11-24']);
      const list = screen.getByTestId('team-calendar-list');
      expect(within(list).getByRole('heading', { level: 3, name: 'Tuesday, Nov 24' })).toBeInTheDocument();
      expect(within(list).getByRole('button', { name: 'Quarterly carrier review with the whole sales team' })).toBeInTheDocument();
      expect(within(list).getAllByText('Liam Carter – Vacation')).toHaveLength(2);

      // A calendar event opens its panel, as on the grid.
      await user.click(within(list).getByRole('button', { name: 'Team lunch' }));
      expect(await screen.findByRole('dialog', { name: 'Edit Event' })).toBeInTheDocument();
      expect(callsTo(fetch, 'GET', '/calendar-event/get-calendar-event-info')[0]!.url.search).toBe('?id=70');
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Event' })).toBeNull());

      await user.click(screen.getByRole('button', { name: 'Next month' }));
      expect(await screen.findByRole('heading', { level: 2, name: 'December 2026' })).toBeInTheDocument();
      await waitFor(() => expect(callsTo(fetch, 'GET', '/pto/agenda').at(-1)!.url.search).toBe('?start=2026-12-01&end=2026-12-31&includePending=1'));
      expect(await screen.findByTestId('calendar-list-empty')).toHaveTextContent(NOTHING_THIS_MONTH);
      await user.click(screen.getByRole('button', { name: 'Today' }));
      await waitFor(() => expect(listedDays()).toHaveLength(6));
      expect(screen.getByRole('button', { name: 'Today' })).toBeDisabled();

      // The grid stays one tap away.
      await user.click(screen.getByRole('radio', { name: 'Calendar' }));
      expect(await screen.findByTestId('team-calendar')).toBeInTheDocument();
      await waitFor(() => expect(callsTo(fetch, 'GET', '/pto/agenda').at(-1)!.url.search).toBe('?start=2026-11-01&end=2026-12-12&includePending=1'));
    }));

  it('keeps the grid on a desktop, with the list a click away on the month on screen', async () => {
    const fetch = calendarServer({ 'GET /pto/agenda': json({ items: WEEK_ITEMS }) });
    renderWithApp(<TeamCalendarScreen identity={identity()} today={TODAY} />);
    const user = userEvent.setup();
    expect(screen.getByRole('radio', { name: 'Calendar' })).toBeChecked();
    expect(await screen.findByText('November 2026')).toBeInTheDocument();
    expect(screen.getByTestId('team-calendar')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /next/i }));
    expect(await screen.findByText('December 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'List' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'December 2026' })).toBeInTheDocument();
    expect(screen.queryByTestId('team-calendar')).toBeNull();
    await waitFor(() => expect(callsTo(fetch, 'GET', '/pto/agenda').at(-1)!.url.search).toMatch(/^\?start=2026-12-01&end=2026-12-31(&|$)/));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(listedDays()).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-20', '2026-11-21']));
  });
});
