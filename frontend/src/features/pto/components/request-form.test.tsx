import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { REQUEST_MESSAGES } from '../api/request-form';
import { balanceCheck, callsTo, fieldErrors, historyItem, identity, json, pick, ptoRequest, timeOffServer } from '../testing/time-off-server';
import { TimeOffScreen } from './time-off-screen';

const form = () => screen.findByRole('form', { name: 'Request Time Off' });
const submitButton = () => screen.getByRole('button', { name: 'Submit Request' });
const setDate = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
const setTime = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'input[type="time"]' }), { target: { value } });

describe("the 'Request Time Off' form (spec 000 §5)", () => {
  it('shows the client messages and sends nothing until the form is right', async () => {
    const fetch = timeOffServer();
    renderWithApp(<TimeOffScreen identity={identity()} />);
    const user = userEvent.setup();
    await form();
    await user.click(submitButton());
    expect(await screen.findByText(REQUEST_MESSAGES.typeRequired)).toBeInTheDocument();
    expect(screen.getByText(REQUEST_MESSAGES.startRequired)).toBeInTheDocument();

    // Full days: an end date before the start.
    await pick(user, /^Time Off Type/, 'Vacation');
    setDate(/^Start Date/, '2026-12-03');
    setDate(/^End Date/, '2026-12-01');
    await user.click(submitButton());
    expect(await screen.findByText(REQUEST_MESSAGES.endBeforeStart)).toBeInTheDocument();

    // A partial day: the end date follows the start and is locked; 9:00 to 11:00.
    await user.click(screen.getByRole('radio', { name: 'Partial Day' }));
    const endDate = screen.getByLabelText(/^End Date/, { selector: 'input' });
    expect(endDate).toHaveValue('2026-12-03');
    expect(endDate).toBeDisabled();
    expect(screen.getByLabelText(/^Start Time/, { selector: 'input[type="time"]' })).toHaveValue('09:00');
    expect(screen.getByLabelText(/^End Time/, { selector: 'input[type="time"]' })).toHaveValue('11:00');

    setTime(/^Start Time/, '');
    setTime(/^End Time/, '');
    await user.click(submitButton());
    expect(await screen.findByText(REQUEST_MESSAGES.startTimeRequired)).toBeInTheDocument();
    expect(screen.getByText(REQUEST_MESSAGES.endTimeRequired)).toBeInTheDocument();

    setTime(/^Start Time/, '13:00');
    setTime(/^End Time/, '10:00');
    await user.click(submitButton());
    expect(await screen.findByText(REQUEST_MESSAGES.endTimeBeforeStart)).toBeInTheDocument();

    // Over 8 hours: an error, and the live warning that this is no partial day.
    setTime(/^Start Time/, '08:00');
    setTime(/^End Time/, '17:00');
    expect(await screen.findByText(REQUEST_MESSAGES.notPartial)).toBeInTheDocument();
    await user.click(submitButton());
    expect(await screen.findByText(REQUEST_MESSAGES.partialTooLong)).toBeInTheDocument();

    // A start before today only warns.
    setDate(/^Start Date/, '2026-11-10');
    expect(await screen.findByText(REQUEST_MESSAGES.pastStart)).toBeInTheDocument();

    expect(callsTo(fetch, 'POST', '/pto/request')).toHaveLength(0);
  });

  it("checks the balance of a complete form, shows 'Dang it!' and then refuses to submit", async () => {
    const dangIt = "Dang it! You don't have enough Vacation available for this request. 64 h available, 80 h requested.";
    const fetch = timeOffServer({
      'POST /pto/validate-balance': (init) => {
        const body = bodyOf(init) as { end: string };
        return json(
          body.end.startsWith('2026-12-10')
            ? balanceCheck({ pass: false, validationPass: false, minsReqed: 4800, requested: 4800, hourReqed: 80, message: dangIt })
            : balanceCheck({ goodNews: "Good News! You're already off this day for a paid holiday." }),
        )(init);
      },
    });
    renderWithApp(<TimeOffScreen identity={identity()} />);
    const user = userEvent.setup();
    await form();
    await pick(user, /^Time Off Type/, 'Vacation');
    setDate(/^Start Date/, '2026-12-01');
    setDate(/^End Date/, '2026-12-02');

    expect(await screen.findByTestId('request-uses')).toHaveTextContent('This request uses 16 hrs');
    expect(screen.getByText("Good News! You're already off this day for a paid holiday.")).toBeInTheDocument();
    await waitFor(() => expect(submitButton()).toBeEnabled());
    const checks = callsTo(fetch, 'POST', '/pto/validate-balance');
    // Debounced: the start date alone (a day off) was never checked, only the finished range.
    expect(checks.map((c) => (bodyOf(c.init) as { end: string }).end)).toEqual(['2026-12-02 23:59:59']);
    expect(bodyOf(checks.at(-1)!.init)).toEqual({
      ptoType: 5,
      partialday: false,
      allday: 1,
      includeWeekend: false,
      start: '2026-12-01 00:00:00',
      end: '2026-12-02 23:59:59',
      reason: '',
    });

    setDate(/^End Date/, '2026-12-10');
    expect(await screen.findByText(dangIt)).toBeInTheDocument();
    expect(screen.getByTestId('request-uses')).toHaveTextContent('This request uses 80 hrs');
    expect(submitButton()).toBeDisabled();
    expect(callsTo(fetch, 'POST', '/pto/request')).toHaveLength(0);
  });

  it('drops the check of an older form: its call is aborted and only the latest answer shows', async () => {
    let aborted = false;
    const fetch = timeOffServer({
      'POST /pto/validate-balance': (init) => {
        if ((bodyOf(init) as { end: string }).end.startsWith('2026-12-02')) {
          return new Promise<Response>((_, reject) =>
            init.signal?.addEventListener('abort', () => {
              aborted = true;
              reject(new DOMException('Aborted', 'AbortError'));
            }),
          );
        }
        return json(balanceCheck({ minsReqed: 1440, requested: 1440, hourReqed: 24 }))(init);
      },
    });
    renderWithApp(<TimeOffScreen identity={identity()} />);
    const user = userEvent.setup();
    await form();
    await pick(user, /^Time Off Type/, 'Vacation');
    setDate(/^Start Date/, '2026-12-01');
    setDate(/^End Date/, '2026-12-02');
    await waitFor(() => expect(callsTo(fetch, 'POST', '/pto/validate-balance')).toHaveLength(1));
    expect(screen.getByTestId('balance-checking')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();

    setDate(/^End Date/, '2026-12-03');
    await waitFor(() => expect(aborted).toBe(true));
    expect(await screen.findByTestId('request-uses')).toHaveTextContent('This request uses 24 hrs');
    await waitFor(() => expect(submitButton()).toBeEnabled());
  });

  it("lets an unpaid type through whatever the balance, and puts the server's 400 messages on the fields", async () => {
    const fetch = timeOffServer({
      'POST /pto/validate-balance': json(balanceCheck({ payable: 0, pass: false, typeName: 'Unpaid Leave', minsReqed: 480, hourReqed: 8 })),
      'POST /pto/request': fieldErrors({ start: ['You already have time off on 12/01/2026.'], balance: ["Dang it! You don't have enough Unpaid Leave available for this request. 0 h available, 8 h requested."] }),
    });
    renderWithApp(<TimeOffScreen identity={identity()} />);
    const user = userEvent.setup();
    await form();
    await pick(user, /^Time Off Type/, 'Unpaid Leave');
    setDate(/^Start Date/, '2026-12-01');
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    expect(await screen.findByText('You already have time off on 12/01/2026.')).toBeInTheDocument();
    expect(screen.getByText("Dang it! You don't have enough Unpaid Leave available for this request. 0 h available, 8 h requested.")).toBeInTheDocument();
    expect(callsTo(fetch, 'POST', '/pto/request')).toHaveLength(1);
  });

  it("submits the exact body, says 'Woohoo!', starts a fresh form and reloads the data", async () => {
    const fetch = timeOffServer({ 'POST /pto/request': json(ptoRequest({ id: 30 })) });
    renderWithApp(<TimeOffScreen identity={identity()} />);
    const user = userEvent.setup();
    await form();
    await pick(user, /^Time Off Type/, 'Vacation');
    await user.click(screen.getByRole('radio', { name: 'Partial Day' }));
    setDate(/^Start Date/, '2026-12-01');
    setTime(/^Start Time/, '13:00');
    setTime(/^End Time/, '15:30');
    await user.click(screen.getByRole('checkbox', { name: 'Include Weekends' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Dentist');
    await waitFor(() => expect(submitButton()).toBeEnabled());
    const historyLoads = callsTo(fetch, 'GET', '/pto/history').length;
    const dataLoads = callsTo(fetch, 'GET', '/pto/data').length;
    await user.click(submitButton());

    expect(await screen.findByText(REQUEST_MESSAGES.submitted)).toBeInTheDocument();
    const posts = callsTo(fetch, 'POST', '/pto/request');
    expect(posts).toHaveLength(1);
    expect(bodyOf(posts[0]!.init)).toEqual({
      ptoType: 5,
      partialday: true,
      allday: 0,
      includeWeekend: true,
      start: '2026-12-01 13:00:00',
      end: '2026-12-01 15:30:00',
      starttime: '13:00',
      endtime: '15:30',
      reason: 'Dentist',
    });
    // A fresh form, and the data, history and balance asked for again.
    expect(screen.getByLabelText(/^Start Date/, { selector: 'input' })).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'All Day' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveValue('');
    await waitFor(() => expect(callsTo(fetch, 'GET', '/pto/history').length).toBeGreaterThan(historyLoads));
    await waitFor(() => expect(callsTo(fetch, 'GET', '/pto/data').length).toBeGreaterThan(dataLoads));
  });

  it('edits a pending request: the form is filled in and the request goes with its id', async () => {
    const fetch = timeOffServer({
      'GET /pto/history': json({ items: [historyItem()] }),
      'POST /pto/request': json(ptoRequest({ endDate: '2026-12-04', end: '2026-12-04 23:59:59' })),
    });
    renderWithApp(<TimeOffScreen identity={identity()} />);
    const user = userEvent.setup();
    const item = await screen.findByTestId('history-item');
    await user.click(within(item).getByRole('button', { name: /^Edit Vacation/ }));

    expect(await screen.findByTestId('editing-request')).toHaveTextContent('Editing the Vacation request of 12/01/2026');
    expect(screen.getByLabelText(/^Time Off Type/, { selector: 'input' })).toHaveValue('Vacation');
    expect(screen.getByLabelText(/^Start Date/, { selector: 'input' })).toHaveValue('2026-12-01');
    expect(screen.getByLabelText(/^End Date/, { selector: 'input' })).toHaveValue('2026-12-02');
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveValue('Family trip');
    await waitFor(() => expect(screen.getByLabelText(/^Time Off Type/, { selector: 'input' })).toHaveFocus());

    setDate(/^End Date/, '2026-12-04');
    const update = screen.getByRole('button', { name: 'Update Request' });
    await waitFor(() => expect(callsTo(fetch, 'POST', '/pto/validate-balance').some((c) => (bodyOf(c.init) as { end: string }).end === '2026-12-04 23:59:59')).toBe(true));
    await waitFor(() => expect(update).toBeEnabled());
    // The check leaves the request itself out of the balance: it carries the id too.
    expect(bodyOf(callsTo(fetch, 'POST', '/pto/validate-balance').at(-1)!.init)).toMatchObject({ id: 12 });
    await user.click(update);

    expect(await screen.findByText(REQUEST_MESSAGES.submitted)).toBeInTheDocument();
    expect(bodyOf(callsTo(fetch, 'POST', '/pto/request')[0]!.init)).toEqual({
      id: 12,
      ptoType: 5,
      partialday: false,
      allday: 1,
      includeWeekend: false,
      start: '2026-12-01 00:00:00',
      end: '2026-12-04 23:59:59',
      reason: 'Family trip',
    });
    expect(screen.queryByTestId('editing-request')).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit Request' })).toBeInTheDocument();
  });
});
