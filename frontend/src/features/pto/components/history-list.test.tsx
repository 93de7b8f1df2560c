import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { callsTo, historyItem, identity, json, ptoRequest, timeOffServer } from '../testing/time-off-server';
import { TimeOffScreen } from './time-off-screen';
import { TIME_OFF_TEXTS } from './time-off-labels';

const EMPLOYEE_PTO = {
  employeeId: 9, year: 2026, ptoPolicyId: 3, ptoPlanName: 'Standard', available: 4800, types: [], history: [], ruleChanges: [],
};

const cancelledApproved = ptoRequest({ id: 14, status: 5, statusLabel: 'Cancelled', canEdit: false, canCancel: false, start: '2025-12-29 00:00:00', end: '2025-12-29 23:59:59', startDate: '2025-12-29', endDate: '2025-12-29', minutes: 480, reason: '' });

const HISTORY = [
  historyItem(),
  historyItem({
    key: 'r13',
    date: '2026-11-20',
    minutes: -150,
    reason: 'Dentist',
    request: ptoRequest({ id: 13, partialday: true, allday: 0, start: '2026-11-20 13:00:00', end: '2026-11-20 15:30:00', startDate: '2026-11-20', endDate: '2026-11-20', starttime: '13:00', endtime: '15:30', minutes: 150, status: 3, statusLabel: 'Approved', canEdit: false, canCancel: false, reason: 'Dentist' }),
  }),
  historyItem({ key: 'm4', dataType: 'MANUALLY_ADDITION', date: '2026-03-02', minutes: 45, reason: 'Bonus day', request: null, creatorFirstname: 'Ada', creatorLastname: 'Admin', sourceId: 4, removable: false, submitted: null }),
  historyItem({ key: 'c14', dataType: 'PTO_CANCELLED', date: '2025-12-29', year: 2025, minutes: 480, reason: null, request: cancelledApproved }),
  historyItem({ key: 'r14', date: '2025-12-29', year: 2025, minutes: -480, reason: null, request: cancelledApproved }),
];

describe('Time Off History (spec 000 §2, §4)', () => {
  it('groups the entries by year, newest first, with type, dates, hours, status and reason', async () => {
    timeOffServer({ 'GET /pto/history': json({ items: HISTORY }) });
    renderWithApp(<TimeOffScreen identity={identity()} />);
    const years = await screen.findAllByTestId('history-year');
    expect(years.map((y) => within(y).getByRole('heading').textContent)).toEqual(['2026', '2025']);

    const [trip, dentist, bonus] = within(years[0]!).getAllByTestId('history-item');
    expect(trip).toHaveTextContent('Vacation');
    expect(within(trip!).getByTestId('history-dates')).toHaveTextContent('12/01/2026 – 12/02/2026');
    expect(within(trip!).getByTestId('history-hours')).toHaveTextContent('16.00 hrs');
    expect(within(trip!).getByTestId('history-status')).toHaveTextContent('Pending Approval');
    expect(trip).toHaveTextContent('Reason: Family trip');
    expect(within(trip!).getByRole('button', { name: /^Edit Vacation/ })).toBeInTheDocument();
    expect(within(trip!).getByRole('button', { name: /^Cancel Vacation/ })).toBeInTheDocument();

    expect(within(dentist!).getByTestId('history-dates')).toHaveTextContent('11/20/2026 01:00 PM – 03:30 PM');
    expect(within(dentist!).getByTestId('history-hours')).toHaveTextContent('2.50 hrs');
    expect(within(dentist!).getByTestId('history-status')).toHaveTextContent('Approved');
    expect(within(dentist!).queryByRole('button')).toBeNull();

    // Under an hour: minutes (spec 000 §9); nothing to remove for an employee.
    expect(within(bonus!).getByTestId('history-hours')).toHaveTextContent('+45 mins');
    expect(bonus).toHaveTextContent('Added by hand');
    expect(bonus).toHaveTextContent('By Ada Admin');
    expect(within(bonus!).queryByRole('button', { name: /^Remove/ })).toBeNull();

    const [returned, cancelled] = within(years[1]!).getAllByTestId('history-item');
    expect(within(returned!).getByTestId('history-status')).toHaveTextContent('Cancelled');
    expect(within(returned!).getByTestId('history-hours')).toHaveTextContent('8.00 hrs returned');
    expect(within(cancelled!).getByTestId('history-dates')).toHaveTextContent('12/29/2025');
    expect(within(cancelled!).queryByRole('button')).toBeNull();
  });

  it("says 'There is no time off request' when there is none", async () => {
    timeOffServer();
    renderWithApp(<TimeOffScreen identity={identity()} />);
    expect(await screen.findByTestId('history-empty')).toHaveTextContent(TIME_OFF_TEXTS.noRequests);
  });

  it('cancels a request only after the confirmation', async () => {
    let items = [historyItem()];
    const fetch = timeOffServer({
      'GET /pto/history': () => response({ json: { items } }),
      'POST /pto/cancel-request': (init) => {
        items = [historyItem({ request: ptoRequest({ status: 5, statusLabel: 'Cancelled', canEdit: false, canCancel: false }) })];
        return json({ request: ptoRequest({ status: 5, statusLabel: 'Cancelled' }), changed: true, message: 'The request has been cancelled.' })(init);
      },
    });
    renderWithApp(<TimeOffScreen identity={identity()} />);
    const user = userEvent.setup();
    const item = await screen.findByTestId('history-item');
    await user.click(within(item).getByRole('button', { name: /^Cancel Vacation/ }));

    let dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent("Once you hit cancel/remove there's no going back!");
    await user.click(within(dialog).getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull());
    expect(callsTo(fetch, 'POST', '/pto/cancel-request')).toHaveLength(0);

    await user.click(within(item).getByRole('button', { name: /^Cancel Vacation/ }));
    dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Request' }));

    expect(await screen.findByText('The request has been cancelled.')).toBeInTheDocument();
    const cancels = callsTo(fetch, 'POST', '/pto/cancel-request');
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.url.search).toBe('?id=12');
    await waitFor(() => expect(within(screen.getByTestId('history-item')).getByTestId('history-status')).toHaveTextContent('Cancelled'));
  });

  it('lets a manager remove a manual addition and a plan switch by their source ids', async () => {
    const fetch = timeOffServer({
      'GET /pto/history': json({
        items: [
          historyItem({ key: 'm4', dataType: 'MANUALLY_ADDITION', minutes: 480, request: null, sourceId: 4, removable: true, reason: null }),
          historyItem({
            key: 'p7',
            dataType: 'NEW_PTO_PLAN',
            minutes: 0,
            request: null,
            sourceId: 7,
            removable: true,
            reason: null,
            policyName: 'Seniors',
            startingBalances: [{ ptoTypeName: 'Vacation', value: 2400 }],
          }),
          historyItem({ key: 'a1', dataType: 'ACCRUED', minutes: 400, request: null, reason: null }),
        ],
      }),
      'POST /manage/remove-manual-pto-addition': json(EMPLOYEE_PTO),
      'POST /manage/delete-pto-plan-switch-history': json(EMPLOYEE_PTO),
    });
    renderWithApp(<TimeOffScreen identity={identity({ eid: 2, roles: ['manager'] })} />);
    const user = userEvent.setup();
    const [manual, plan, accrued] = await screen.findAllByTestId('history-item');
    expect(plan).toHaveTextContent('New PTO plan: Seniors');
    expect(within(plan!).getByTestId('history-starting-balances')).toHaveTextContent('Vacation: 40.00 hrs');
    expect(within(accrued!).queryByRole('button', { name: /^Remove/ })).toBeNull();

    await user.click(within(manual!).getByRole('button', { name: /^Remove/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(callsTo(fetch, 'POST', '/manage/remove-manual-pto-addition')).toHaveLength(1));
    expect(bodyOf(callsTo(fetch, 'POST', '/manage/remove-manual-pto-addition')[0]!.init)).toEqual({ id: 4 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull());

    await user.click(within(plan!).getByRole('button', { name: /^Remove/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(callsTo(fetch, 'POST', '/manage/delete-pto-plan-switch-history')).toHaveLength(1));
    expect(bodyOf(callsTo(fetch, 'POST', '/manage/delete-pto-plan-switch-history')[0]!.init)).toEqual({ id: 7 });
    expect(await screen.findByText('The entry has been removed.')).toBeInTheDocument();
  });
});

describe('Time Off History on an approval path (issue 41)', () => {
  const approval = (fields: Record<string, unknown> = {}) => ({
    step: 2,
    steps: 2,
    since: new Date().toISOString(),
    waitingFor: ['Maria Lopez'],
    state: 'pending' as const,
    answers: [{ step: 1, byName: 'Ana Silva', forName: 'Sam Lee', decision: 'approve' as const, comment: null, allSteps: false, at: new Date().toISOString() }],
    escalations: [],
    mayAnswer: false,
    ...fields,
  });

  it('says whom a pending request waits for, at which step and since when; nothing once answered', async () => {
    const today = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'America/New_York' }).format(new Date());
    timeOffServer({
      'GET /pto/history': json({
        items: [
          historyItem({ request: ptoRequest({ approval: approval() }) }),
          historyItem({ key: 'r15', request: ptoRequest({ id: 15, approval: approval({ since: '2020-02-04T15:00:00Z' }) }) }),
          historyItem({ key: 'r16', request: ptoRequest({ id: 16, status: 3, statusLabel: 'Approved', approval: approval({ state: 'approved' }) }) }),
        ],
      }),
    });
    renderWithApp(<TimeOffScreen identity={identity()} />);
    const [waiting, older, approved] = await screen.findAllByTestId('history-item');
    expect(within(waiting!).getByTestId('approval-waiting')).toHaveTextContent(`Waiting for Maria Lopez, step 2 of 2, since ${today}`);
    expect(within(older!).getByTestId('approval-waiting')).toHaveTextContent('Waiting for Maria Lopez, step 2 of 2, since 02/04/2020');
    expect(within(approved!).queryByTestId('approval-waiting')).toBeNull();
  });
});
