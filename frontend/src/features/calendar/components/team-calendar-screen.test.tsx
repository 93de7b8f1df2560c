import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { agendaItem, asAdmin, callsTo, calendarServer, identity, json, TODAY, WEEK_ITEMS } from '../testing/calendar-server';
import { toCalendarEvent, visibleRange } from './calendar-events';
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

  it("moves to the next month and to the week view, asking for their days; 'Add Event' opens the panel on today", async () => {
    const fetch = calendarServer();
    renderWithApp(<TeamCalendarScreen identity={identity()} today={TODAY} />);
    const user = userEvent.setup();
    await waitFor(() => expect(callsTo(fetch, 'GET', '/pto/agenda')).toHaveLength(1));
    // Employees: no pending time off.
    expect(callsTo(fetch, 'GET', '/pto/agenda')[0]!.url.searchParams.has('includePending')).toBe(false);

    await user.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(callsTo(fetch, 'GET', '/pto/agenda').at(-1)!.url.search).toBe('?start=2026-11-29&end=2027-01-09'));
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await user.click(screen.getByRole('button', { name: 'Week' }));
    await waitFor(() => expect(callsTo(fetch, 'GET', '/pto/agenda').at(-1)!.url.search).toBe('?start=2026-11-15&end=2026-11-21'));
    expect(screen.getByText('Nov 15 – 21, 2026')).toBeInTheDocument();

    // 'Add Event' opens the panel on the company's today.
    await user.click(screen.getByRole('button', { name: 'Add Event' }));
    const panel = await screen.findByRole('dialog', { name: 'Add Event' });
    expect(within(panel).getByLabelText(/^Start Date/)).toHaveValue(TODAY);
  });
});
