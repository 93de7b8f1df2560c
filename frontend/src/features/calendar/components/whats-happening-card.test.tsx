import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { asAdmin, callsTo, calendarServer, identity, json, TODAY, WEEK_ITEMS } from '../testing/calendar-server';
import { NOTHING_THIS_WEEK, WhatsHappeningCard } from './whats-happening-card';

const days = () => screen.getAllByTestId('agenda-day');
const rows = (day: HTMLElement) =>
  within(day)
    .getAllByTestId('agenda-item')
    .map((row) => `${row.getAttribute('data-kind')}: ${row.textContent}`);

describe("'What's happening?'", () => {
  it("shows this week's agenda (Sunday to Saturday) by day, each item with its type, pending time off for admins", async () => {
    const fetch = calendarServer({ 'GET /pto/agenda': json({ items: WEEK_ITEMS }) });
    renderWithApp(<WhatsHappeningCard identity={asAdmin()} today={TODAY} />);

    await waitFor(() => expect(days()).toHaveLength(5));
    expect(Object.fromEntries(callsTo(fetch, 'GET', '/pto/agenda')[0]!.url.searchParams)).toEqual({
      start: '2026-11-15',
      end: '2026-11-21',
      includePending: '1',
    });
    expect(screen.getByTestId('agenda-week')).toHaveTextContent('Nov 15 – Nov 21, 2026');
    expect(days().map((d) => d.getAttribute('data-day'))).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-20', '2026-11-21']);
    expect(within(days()[0]!).getByRole('heading', { level: 3 })).toHaveTextContent('Monday, Nov 16');

    // Time off over two days shows on both.
    expect(rows(days()[0]!)).toEqual(['timeOff: Time OffLiam Carter – Vacation']);
    expect(rows(days()[1]!)).toEqual(['timeOff: Time OffLiam Carter – Vacation']);
    // Today: marked, with a birthday, pending time off with its hours and an event.
    expect(days()[2]).toHaveTextContent('Today');
    expect(rows(days()[2]!)).toEqual([
      'birthday: BirthdayEmma Brooks – Birthday',
      'pending: PendingZoe Young – Sick (pending)9:00 AM – 11:00 AM',
      'event: EventTeam lunch12:00 PM – 1:30 PM',
    ]);
    expect(rows(days()[3]!)).toEqual(['holiday: HolidayFounders Day']);
    expect(rows(days()[4]!)).toEqual(['anniversary: AnniversaryLiam Carter – 3 years at Acme']);

    expect(screen.getByRole('link', { name: 'Team Calendar' })).toHaveAttribute('href', '/team-calendar');
  });

  it('asks employees for the week with pending time off (the server gives them their own), and says when nothing is planned', async () => {
    const fetch = calendarServer();
    renderWithApp(<WhatsHappeningCard identity={identity()} today="2026-11-21" />);
    expect(await screen.findByTestId('agenda-empty')).toHaveTextContent(NOTHING_THIS_WEEK);
    expect(Object.fromEntries(callsTo(fetch, 'GET', '/pto/agenda')[0]!.url.searchParams)).toEqual({ start: '2026-11-15', end: '2026-11-21', includePending: '1' });
  });

  it("'Add Event' opens the panel on today; a saved event is announced, the panel closes and the week is asked again", async () => {
    const shown = vi.spyOn(notifications, 'show');
    const fetch = calendarServer({ 'GET /pto/agenda': json({ items: WEEK_ITEMS }) });
    renderWithApp(<WhatsHappeningCard identity={identity()} today={TODAY} />);
    await waitFor(() => expect(days()).toHaveLength(5));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Event' }));

    const panel = await screen.findByRole('dialog', { name: 'Add Event' });
    expect(screen.getByTestId('event-panel')).toHaveAttribute('data-width', '350');
    expect(within(panel).getByLabelText(/^Start Date/)).toHaveValue(TODAY);
    expect(within(panel).getByLabelText(/^End Date/)).toHaveValue(TODAY);
    await user.type(within(panel).getByLabelText(/^Event Name/), 'Fire drill');
    fireEvent.change(within(panel).getByLabelText(/^Start Time/), { target: { value: '14:00' } });
    fireEvent.change(within(panel).getByLabelText(/^End Time/), { target: { value: '14:30' } });
    await user.click(within(panel).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Event' })).toBeNull());
    expect(shown).toHaveBeenCalledWith({ color: 'green', message: 'The Event has been saved.' });
    expect(bodyOf(callsTo(fetch, 'POST', '/calendar-event/add-event')[0]!.init)).toEqual({
      employeeId: null,
      eventName: 'Fire drill',
      startDate: '2026-11-18 14:00:00',
      endDate: '2026-11-18 14:30:00',
      description: '',
    });
    await waitFor(() => expect(callsTo(fetch, 'GET', '/pto/agenda')).toHaveLength(2));
  });

  it('opens a calendar event of the week in the panel to edit it', async () => {
    const fetch = calendarServer({ 'GET /pto/agenda': json({ items: WEEK_ITEMS }) });
    renderWithApp(<WhatsHappeningCard identity={asAdmin()} today={TODAY} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Team lunch' }));
    const panel = await screen.findByRole('dialog', { name: 'Edit Event' });
    expect(await within(panel).findByLabelText(/^Event Name/)).toHaveValue('Team lunch');
    expect(callsTo(fetch, 'GET', '/calendar-event/get-calendar-event-info')[0]!.url.search).toBe('?id=70');
  });
});
