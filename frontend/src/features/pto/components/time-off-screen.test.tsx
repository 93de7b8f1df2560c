import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { REQUEST_MESSAGES } from '../api/request-form';
import { ADA, callsTo, EMMA, fieldErrors, identity, json, LIAM, pick, ptoData, ptoRequest, stats, timeOffServer, TODAY, UNPAID, VACATION } from '../testing/time-off-server';
import { TimeOffScreen } from './time-off-screen';
import { TIME_OFF_TEXTS } from './time-off-labels';

const asAdmin = () => identity({ eid: 1, firstname: 'Ada', lastname: 'Admin', roles: ['admin'] });

describe('the PTO screen (spec 000 §2)', () => {
  it("gives an employee 'My Time Off' without 'On Behalf Of', the balance and who else is out in the next 30 days", async () => {
    const fetch = timeOffServer({
      'GET /pto/agenda': json({
        items: [
          { agendaType: 'PTO_REQUEST', id: 40, start: '2026-11-23 00:00:00', end: '2026-11-24 23:59:59', allday: 1, soffset: -300, eoffset: -300, status: 3, avatar: null, firstname: 'Liam', lastname: 'Carter', name: 'Time Off', employeeId: 12 },
          { agendaType: 'PTO_REQUEST', id: 41, start: '2026-11-25 09:00:00', end: '2026-11-25 11:00:00', allday: 0, soffset: -300, eoffset: -300, status: 3, avatar: null, firstname: 'Zoe', lastname: 'Young', name: 'Time Off', employeeId: 14 },
          { agendaType: 'HOLIDAY', id: 3, start: '2026-11-26 00:00:00', end: '2026-11-26 23:59:59', allday: 1, soffset: -300, eoffset: -300, status: null, avatar: null, firstname: null, lastname: null, name: 'Thanksgiving', employeeId: null },
        ],
      }),
    });
    renderWithApp(<TimeOffScreen identity={identity()} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Time Off' })).toBeInTheDocument();
    expect(await screen.findByTestId('total-balance')).toHaveTextContent('80.00 hrs');
    expect(screen.queryByTestId('on-behalf-of')).toBeNull();

    const out = await screen.findAllByTestId('who-is-out-item');
    expect(out[0]).toHaveTextContent('Liam Carter');
    expect(out[0]).toHaveTextContent('11/23/2026 – 11/24/2026');
    expect(out[1]).toHaveTextContent('Zoe Young');
    expect(out[1]).toHaveTextContent('11/25/2026 09:00 AM – 11:00 AM');
    expect(out[2]).toHaveTextContent('Thanksgiving');
    expect(out[2]).toHaveTextContent('Paid holiday');
    const agenda = callsTo(fetch, 'GET', '/pto/agenda')[0]!.url.searchParams;
    expect(Object.fromEntries(agenda)).toEqual({ start: TODAY, end: '2026-12-18', excludedEmployeeId: '9', includePending: '0', types: 'PTO_REQUEST,HOLIDAY' });
    // One's own data: no eid.
    expect(callsTo(fetch, 'GET', '/pto/data')[0]!.url.search).toBe('');
  });

  it('shows the balance available now, what is requested and the projected balance after approved time to come and pending requests', async () => {
    timeOffServer({
      'GET /pto/data': json(
        ptoData({
          types: [{ ...VACATION, availableNow: 4800, balance: 3840, pending: 480, projected: 3360 }, UNPAID],
          stats: stats(4800, { totalBalance: 3840, scheduled: 960, pending: 480, projected: 3360 }),
        }),
      ),
    });
    renderWithApp(<TimeOffScreen identity={identity()} />);
    const card = await screen.findByTestId('balance-card');
    expect(await within(card).findByTestId('total-balance')).toHaveTextContent('80.00 hrs');
    expect(within(card).getByText('Available now')).toBeInTheDocument();
    const figures = within(card).getByTestId('balance-figures');
    const lines = [...figures.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(lines).toEqual(['Approved, still to come: − 16.00 hrs', 'Requested (pending): − 8.00 hrs', 'Projected: 56.00 hrs']);
  });

  it('leaves out time to come when none is approved, and still says nothing is requested', async () => {
    timeOffServer();
    renderWithApp(<TimeOffScreen identity={identity()} />);
    const card = await screen.findByTestId('balance-card');
    expect(await within(card).findByTestId('balance-pending')).toHaveTextContent('0 mins');
    expect(within(card).queryByTestId('balance-scheduled')).toBeNull();
    expect(within(card).getByTestId('balance-projected')).toHaveTextContent('80.00 hrs');
  });

  it("says so when nobody else is out, and shows balances under an hour in minutes", async () => {
    timeOffServer({ 'GET /pto/data': json(ptoData({ stats: stats(45) })) });
    renderWithApp(<TimeOffScreen identity={identity()} />);
    expect(await screen.findByTestId('who-is-out-empty')).toHaveTextContent(TIME_OFF_TEXTS.nobodyOut);
    expect(screen.getByTestId('total-balance')).toHaveTextContent('45 mins');
  });

  it('opens the per-type breakdown (Type, Used, Balance) and the balance projected to a later day', async () => {
    const fetch = timeOffServer({
      'GET /pto/data': json(ptoData({ types: [{ ...VACATION, pending: 480 }, UNPAID] })),
      'GET /pto/balance': ({ url }) => {
        const asOf = new URL(url, 'http://x').searchParams.get('asOf');
        if (asOf === '2026-11-01') return fieldErrors({ asOf: ['Please choose today or a later date'] })({ url });
        return response({
          json: {
            asOf,
            today: TODAY,
            types: [{ ptoTypeId: 5, name: 'Vacation', color: '#2f9e44', balance: asOf === TODAY ? 4800 : 5280, accrued: asOf === TODAY ? 0 : 960, booked: asOf === TODAY ? 0 : 480 }],
            totalBalance: asOf === TODAY ? 4800 : 5280,
          },
        });
      },
    });
    renderWithApp(<TimeOffScreen identity={identity()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View Details' }));
    const dock = await screen.findByRole('dialog', { name: 'PTO Balance' });
    expect(screen.getByTestId('balance-dock')).toHaveAttribute('data-width', '470');
    expect(within(dock).getAllByRole('columnheader').slice(0, 3).map((h) => h.textContent)).toEqual(['Type', 'Used', 'Balance']);
    const [vacation, unpaid] = within(dock).getAllByTestId('balance-row');
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(vacation!)).toEqual(['Vacation8.00 hrs pending', '8.00 hrs', '80.00 hrs']);
    expect(cells(unpaid!)).toEqual(['Unpaid Leave', '0 mins', 'Unpaid']);

    // Today first, then a later day.
    const balanceOn = within(dock).getByLabelText('Balance on');
    expect(balanceOn).toHaveValue(TODAY);
    expect(await within(dock).findByTestId('projected-total')).toHaveTextContent('Total on 11/18/2026: 80.00 hrs');
    fireEvent.change(balanceOn, { target: { value: '2026-12-31' } });
    expect(await within(dock).findByText('Total on 12/31/2026:', { exact: false })).toHaveTextContent('88.00 hrs');
    expect(cells(within(dock).getByTestId('projected-balance-row'))).toEqual(['Vacation', '88.00 hrs', '16.00 hrs', '8.00 hrs']);
    expect(callsTo(fetch, 'GET', '/pto/balance').map((c) => c.url.search)).toEqual([`?asOf=${TODAY}`, '?asOf=2026-12-31']);

    // A day before today: the server's message on the field.
    fireEvent.change(balanceOn, { target: { value: '2026-11-01' } });
    expect(await within(dock).findByText('Please choose today or a later date')).toBeInTheDocument();
  });

  it('opens the breakdown at the full width of a phone', async () => {
    const desktop = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...desktop(query), matches: query === '(max-width: 767px)' })) as typeof window.matchMedia;
    try {
      timeOffServer();
      renderWithApp(<TimeOffScreen identity={identity()} />);
      await userEvent.setup().click(await screen.findByRole('button', { name: 'View Details' }));
      await screen.findByRole('dialog', { name: 'PTO Balance' });
      expect(screen.getByTestId('balance-dock')).toHaveAttribute('data-width', 'full');
    } finally {
      window.matchMedia = desktop;
    }
  });

  it("lets an admin work 'On Behalf Of' someone: their data, history and balance, and requests filed for them", async () => {
    const fetch = timeOffServer({
      'GET /pto/data': ({ url }) => {
        const eid = new URL(url, 'http://x').searchParams.get('eid');
        const people = [ADA, EMMA, LIAM];
        return eid === '9'
          ? response({ json: ptoData({ employee: EMMA, canRequestFor: people, stats: stats(2400) }) })
          : response({ json: ptoData({ employee: ADA, canRequestFor: people, types: [VACATION] }) });
      },
      'POST /pto/request': json(ptoRequest()),
    });
    renderWithApp(<TimeOffScreen identity={asAdmin()} />);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Time Off' })).toBeInTheDocument();
    expect(await screen.findByTestId('total-balance')).toHaveTextContent('80.00 hrs');
    expect(screen.getByLabelText('On Behalf Of', { selector: 'input' })).toHaveValue('Ada Admin');

    await pick(user, 'On Behalf Of', 'Emma Brooks');
    await waitFor(() => expect(screen.getByTestId('total-balance')).toHaveTextContent('40.00 hrs'));
    expect(screen.getByTestId('time-off-employee')).toHaveTextContent('Emma Brooks');
    await waitFor(() => expect(callsTo(fetch, 'GET', '/pto/history').map((c) => c.url.search)).toEqual(['', '?eid=9']));
    expect(callsTo(fetch, 'GET', '/pto/data').map((c) => c.url.search)).toEqual(['', '?eid=9']);
    await waitFor(() => expect(callsTo(fetch, 'GET', '/pto/agenda').at(-1)!.url.searchParams.get('excludedEmployeeId')).toBe('9'));

    await user.click(screen.getByRole('button', { name: 'View Details' }));
    await waitFor(() => expect(callsTo(fetch, 'GET', '/pto/balance').at(-1)!.url.search).toBe(`?eid=9&asOf=${TODAY}`));
    await user.click(within(await screen.findByRole('dialog', { name: 'PTO Balance' })).getByRole('button', { name: 'Close' }));

    await pick(user, /^Time Off Type/, 'Unpaid Leave');
    fireEvent.change(screen.getByLabelText(/^Start Date/, { selector: 'input' }), { target: { value: '2026-12-01' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit Request' })).toBeEnabled());
    expect(bodyOf(callsTo(fetch, 'POST', '/pto/validate-balance').at(-1)!.init)).toMatchObject({ employeeId: 9, ptoType: 8 });
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(REQUEST_MESSAGES.submitted)).toBeInTheDocument();
    expect(bodyOf(callsTo(fetch, 'POST', '/pto/request')[0]!.init)).toEqual({
      employeeId: 9,
      ptoType: 8,
      partialday: false,
      allday: 1,
      includeWeekend: false,
      start: '2026-12-01 00:00:00',
      end: '2026-12-01 23:59:59',
      reason: '',
    });

    // Back to oneself: no eid again.
    await pick(user, 'On Behalf Of', 'Ada Admin');
    await waitFor(() => expect(screen.getByTestId('total-balance')).toHaveTextContent('80.00 hrs'));
    expect(screen.queryByTestId('time-off-employee')).toBeNull();
  });
});
