import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { BROKEN_RULE_PROBLEM, BROKEN_RULE_WARNING, brokenRuleAccruals, healthyAccruals } from '../testing/accrual-health';
import { callsTo, identity, json, timeOffServer } from '../testing/time-off-server';
import { ACCRUAL_ALERT_TITLE, AccrualHealthAlert } from './accrual-health-alert';
import { TimeOffScreen } from './time-off-screen';

const STALLED =
  'The accrual job has not finished a run since 28 November 2026 at 10:00 UTC. Balances are still computed from your records, and the operator has been told.';

const serve = (body: unknown, status = 200) => mockFetch({ 'GET /pto-manage/accrual-health': () => response({ status, json: body }) });
const accrualCalls = (fetch: ReturnType<typeof mockFetch>) => callsTo(fetch, 'GET', '/pto-manage/accrual-health');

describe('the accrual health alert (admins)', () => {
  it("shows the server's warning and each problem it names, under its title", async () => {
    const second = "Liam Carter: the Vacation rule of plan 'Standard' is broken: its rate is missing";
    serve(brokenRuleAccruals({ problems: [BROKEN_RULE_PROBLEM, second] }));
    renderWithApp(<AccrualHealthAlert enabled />);
    const alert = await screen.findByRole('status', { name: ACCRUAL_ALERT_TITLE });
    expect(within(alert).getByText(ACCRUAL_ALERT_TITLE)).toBeInTheDocument();
    expect(within(alert).getByText(BROKEN_RULE_WARNING)).toBeInTheDocument();
    const problems = within(alert).getByRole('list', { name: 'Accrual problems' });
    expect(within(problems).getAllByRole('listitem').map((item) => item.textContent)).toEqual([BROKEN_RULE_PROBLEM, second]);
  });

  it('shows the warning alone when it names no problem (the job has stalled)', async () => {
    serve(healthyAccruals({ warning: STALLED, problems: [] }));
    renderWithApp(<AccrualHealthAlert enabled />);
    const alert = await screen.findByRole('status', { name: ACCRUAL_ALERT_TITLE });
    expect(alert).toHaveTextContent(STALLED);
    expect(within(alert).queryByRole('list')).toBeNull();
  });

  it('shows nothing when all is well', async () => {
    const fetch = serve(healthyAccruals());
    renderWithApp(<AccrualHealthAlert enabled />);
    await waitFor(() => expect(accrualCalls(fetch)).toHaveLength(1));
    // Let the answer land before looking.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('accrual-health-alert')).toBeNull();
  });

  it('shows nothing when the read fails', async () => {
    const fetch = serve({ code: 'forbidden', message: 'Admins only.', errors: {} }, 403);
    renderWithApp(<AccrualHealthAlert enabled />);
    await waitFor(() => expect(accrualCalls(fetch)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('accrual-health-alert')).toBeNull();
  });

  it('asks nothing when not enabled (managers and employees)', async () => {
    const fetch = serve(brokenRuleAccruals());
    renderWithApp(<AccrualHealthAlert enabled={false} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(accrualCalls(fetch)).toHaveLength(0);
    expect(screen.queryByTestId('accrual-health-alert')).toBeNull();
  });
});

describe('the accrual health alert on the PTO screen (/pto)', () => {
  it("shows an admin the warning at the top of their 'Time Off'", async () => {
    timeOffServer({ 'GET /pto-manage/accrual-health': json(brokenRuleAccruals()) });
    renderWithApp(<TimeOffScreen identity={identity({ eid: 1, firstname: 'Ada', lastname: 'Admin', roles: ['admin'] })} />);
    const alert = await screen.findByRole('status', { name: ACCRUAL_ALERT_TITLE });
    expect(alert).toHaveTextContent(BROKEN_RULE_WARNING);
    expect(alert).toHaveTextContent(BROKEN_RULE_PROBLEM);
    // Under the title, above the rest of the screen.
    const heading = screen.getByRole('heading', { level: 1, name: 'Time Off' });
    expect(heading.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it.each([
    ['a manager', ['manager']],
    ['an employee', ['employee']],
  ])('never asks for %s', async (_who, roles) => {
    const fetch = timeOffServer({ 'GET /pto-manage/accrual-health': json(brokenRuleAccruals()) });
    renderWithApp(<TimeOffScreen identity={identity({ roles })} />);
    expect(await screen.findByTestId('total-balance')).toBeInTheDocument();
    expect(accrualCalls(fetch)).toHaveLength(0);
    expect(screen.queryByTestId('accrual-health-alert')).toBeNull();
  });
});
