import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { calendarEvent, callsTo, calendarServer, fieldErrors, json, pick } from '../testing/calendar-server';
import { EventPanel, type EventPanelState } from './event-panel';

const open = (state: EventPanelState) => {
  const onClose = vi.fn();
  renderWithApp(<EventPanel state={state} onClose={onClose} />);
  return onClose;
};
const field = (panel: HTMLElement, label: RegExp) => within(panel).getByLabelText(label, { selector: 'input, textarea' });
const set = (panel: HTMLElement, label: RegExp, value: string) => fireEvent.change(field(panel, label), { target: { value } });
const errorsShown = (panel: HTMLElement) =>
  within(panel)
    .queryAllByText(/^(Please|EndDate)/)
    .map((e) => e.textContent);

describe('the event panel (002 §2)', () => {
  it("checks the form with the spec's messages before anything is sent", async () => {
    const fetch = calendarServer();
    open({ mode: 'add', day: '' });
    const panel = await screen.findByRole('dialog', { name: 'Add Event' });
    const user = userEvent.setup();
    const save = within(panel).getByRole('button', { name: 'Save' });

    set(panel, /^Start Time/, '');
    set(panel, /^End Time/, '');
    await user.click(save);
    expect(errorsShown(panel)).toEqual(['Please input Event Name', 'Please input Start Date', 'Please input the End Time']);

    await user.type(field(panel, /^Event Name/), 'Offsite');
    set(panel, /^Start Date/, '2026-11-20');
    await user.click(save);
    expect(errorsShown(panel)).toEqual(['Please input the Start Time', 'Please input the End Time']);
    // The end date followed the start date.
    expect(field(panel, /^End Date/)).toHaveValue('2026-11-20');

    set(panel, /^Start Time/, '10:00');
    set(panel, /^End Time/, '09:00');
    await user.click(save);
    expect(errorsShown(panel)).toEqual(["EndDate can't be earlier than StartDate!"]);

    set(panel, /^End Date/, '2026-11-19');
    set(panel, /^End Time/, '18:00');
    await user.click(save);
    expect(errorsShown(panel)).toEqual(["EndDate can't be earlier than StartDate!"]);
    expect(callsTo(fetch, 'POST', '/calendar-event/add-event')).toHaveLength(0);
  });

  it("posts an event for an employee with 'YYYY-MM-DD HH:mm:ss' times, then says so and closes", async () => {
    const shown = vi.spyOn(notifications, 'show');
    const fetch = calendarServer();
    const onClose = open({ mode: 'add', day: '2026-11-18' });
    const panel = await screen.findByRole('dialog', { name: 'Add Event' });
    const user = userEvent.setup();

    // 'Team Event' first, then whom the caller may plan for.
    await user.click(field(panel, /^Employee/));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Team Event', 'Ada Admin', 'Emma Brooks']);
    await user.click(screen.getByRole('option', { name: 'Emma Brooks' }));
    await user.type(field(panel, /^Event Name/), '  Dentist  ');
    set(panel, /^End Date/, '2026-11-19');
    set(panel, /^Start Time/, '08:15');
    set(panel, /^End Time/, '17:30');
    await user.type(field(panel, /^Description/), 'Back after lunch');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodyOf(callsTo(fetch, 'POST', '/calendar-event/add-event')[0]!.init)).toEqual({
      employeeId: 9,
      eventName: 'Dentist',
      startDate: '2026-11-18 08:15:00',
      endDate: '2026-11-19 17:30:00',
      description: 'Back after lunch',
    });
    expect(shown).toHaveBeenCalledWith({ color: 'green', message: 'The Event has been saved.' });
  });

  it("shows the server's per-field messages in place", async () => {
    calendarServer({
      'POST /calendar-event/add-event': fieldErrors({
        employeeId: ['Please choose Team Event or an employee you may plan for'],
        startDate: ['Please input the Start Time'],
        endDate: ['An event lasts at most 31 days'],
      }),
    });
    const onClose = open({ mode: 'add', day: '2026-11-18' });
    const panel = await screen.findByRole('dialog', { name: 'Add Event' });
    const user = userEvent.setup();
    await user.type(field(panel, /^Event Name/), 'Offsite');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));

    expect(await within(panel).findByText('Please choose Team Event or an employee you may plan for')).toBeInTheDocument();
    expect(field(panel, /^Employee/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(panel, /^Start Time/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(panel).getByText('Please input the Start Time')).toBeInTheDocument();
    expect(field(panel, /^End Date/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(panel).getByText('An event lasts at most 31 days')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits an event: the form holds it, update-event gets its id; Delete asks first', async () => {
    const shown = vi.spyOn(notifications, 'show');
    const fetch = calendarServer({ 'GET /calendar-event/get-calendar-event-info': json(calendarEvent({ employeeId: 9, firstname: 'Emma', lastname: 'Brooks' })) });
    const onClose = open({ mode: 'edit', id: 70 });
    const panel = await screen.findByRole('dialog', { name: 'Edit Event' });
    expect(await within(panel).findByDisplayValue('Team lunch')).toBeInTheDocument();
    expect(field(panel, /^Employee/)).toHaveValue('Emma Brooks');
    expect(field(panel, /^Start Date/)).toHaveValue('2026-11-18');
    expect(field(panel, /^Start Time/)).toHaveValue('12:00');
    expect(field(panel, /^End Time/)).toHaveValue('13:30');
    expect(field(panel, /^Description/)).toHaveValue('At the diner');

    const user = userEvent.setup();
    await pick(user, /^Employee/, 'Team Event');
    set(panel, /^End Time/, '14:00');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(bodyOf(callsTo(fetch, 'POST', '/calendar-event/update-event')[0]!.init)).toEqual({
      id: 70,
      employeeId: null,
      eventName: 'Team lunch',
      startDate: '2026-11-18 12:00:00',
      endDate: '2026-11-18 14:00:00',
      description: 'At the diner',
    });

    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetch, 'POST', '/calendar-event/del-calendar-event')).toHaveLength(0);
    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
    expect(bodyOf(callsTo(fetch, 'POST', '/calendar-event/del-calendar-event')[0]!.init)).toEqual({ id: 70 });
    expect(shown).toHaveBeenCalledWith({ color: 'green', message: 'The Event has been deleted.' });
  });

  it('shows an event the caller may not change, without a form', async () => {
    calendarServer({ 'GET /calendar-event/get-calendar-event-info': json(calendarEvent({ canEdit: false })) });
    open({ mode: 'edit', id: 70 });
    const panel = await screen.findByRole('dialog', { name: 'Event' });
    const details = await within(panel).findByTestId('event-details');
    expect(details).toHaveTextContent('Team lunch');
    expect(details).toHaveTextContent('Team Event');
    expect(details).toHaveTextContent('Starts11/18/2026 12:00 PM');
    expect(details).toHaveTextContent('Ends11/18/2026 1:30 PM');
    expect(details).toHaveTextContent('Added byAda Admin');
    expect(within(panel).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
