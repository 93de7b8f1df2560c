import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { renderWithApp } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';
import { accrualIncident, accrualRun, apiError, callsTo, healthyAccruals, OPERATOR, systemServer } from '../testing/system-server';
import { bodyRows, headers } from '../testing/tables';
import { AccrualHealthScreen } from './accrual-health-screen';

const render = () => renderWithApp(<AccrualHealthScreen />, { path: '/sy5tem/accrual-health' });

const STALLED =
  'The accrual job has not finished a run since 28 November 2026 at 10:00 UTC. Balances are still computed from your records, and the operator has been told.';
const AVA = "Acme Insurance: Ava Stone: the Sick rule of plan 'Old import' is broken: its method 'WEEKLY' is unknown";
const LIAM = "Beta Bakery: Liam Carter: the Vacation rule of plan 'Standard' is broken: its rate is missing";

describe('Accrual health (/sy5tem/accrual-health)', () => {
  // The operator's clock: New York (instants are shown on it).
  beforeEach(() => sessionStore.setToken(fakeToken({ ...OPERATOR, roles: ['sysadmin'], timezone: 'America/New_York' })));
  afterEach(() => sessionStore.clear());

  it('shows the warning, the recent runs newest first, the last run’s errors and the incidents with their lines', async () => {
    const { fetch } = systemServer({
      accrualHealth: {
        warning: STALLED,
        runs: [
          accrualRun({ startedAt: '2026-11-29T07:00:00Z', finishedAt: null, companies: 0, employees: 0, errors: 0, failure: 'database unavailable\nconnection refused' }),
          accrualRun({ startedAt: '2026-11-28T07:00:00Z', finishedAt: '2026-11-28T07:00:04Z', companies: 312, employees: 4820, errors: 2 }),
        ],
        incidents: [
          accrualIncident({ openedAt: '2026-11-29T08:00:00Z', reason: 'The accrual job has not finished a run since 28 November 2026 at 10:00 UTC.\nLast failure: database unavailable' }),
          accrualIncident({ openedAt: '2026-11-28T07:15:00Z', reason: AVA }),
        ],
        errors: [AVA, LIAM],
      },
    });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Accrual health' })).toBeInTheDocument();
    expect(document.title).toBe('Accrual health | Timekeep');

    const warning = await screen.findByRole('status', { name: 'Accruals need attention' });
    expect(warning).toHaveTextContent(STALLED);
    expect(screen.queryByText('Accruals are running normally')).toBeNull();

    const runs = screen.getByRole('table', { name: 'Recent runs' });
    expect(headers(runs)).toEqual(['Started', 'Finished', 'Companies', 'Employees', 'Errors', 'Failure']);
    expect(bodyRows(runs)).toEqual([
      ['11/29/2026 02:00 AM', 'did not finish', '0', '0', '0', 'database unavailable\nconnection refused'],
      ['11/28/2026 02:00 AM', '11/28/2026 02:00 AM', '312', '4,820', '2', '—'],
    ]);

    const errors = screen.getByRole('list', { name: 'Errors of the last run' });
    expect(within(errors).getAllByRole('listitem').map((item) => item.textContent)).toEqual([AVA, LIAM]);

    const incidents = screen.getByRole('table', { name: 'Incidents' });
    expect(headers(incidents)).toEqual(['Opened', 'Reason']);
    expect(bodyRows(incidents)).toEqual([
      ['11/29/2026 03:00 AM', 'The accrual job has not finished a run since 28 November 2026 at 10:00 UTC.\nLast failure: database unavailable'],
      ['11/28/2026 02:15 AM', AVA],
    ]);
    // The reason's lines are kept on screen.
    const reason = within(incidents).getAllByRole('cell')[1]!;
    expect(reason).toHaveStyle({ whiteSpace: 'pre-line' });
    expect(callsTo(fetch, 'GET', '/system/accrual-health')).toHaveLength(1);
  });

  it('says the accruals are running normally when there is no warning', async () => {
    systemServer({ accrualHealth: healthyAccruals() });
    render();
    const healthy = await screen.findByText('Accruals are running normally');
    expect(healthy).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('status', { name: 'Accruals need attention' })).toBeNull();
    expect(bodyRows(screen.getByRole('table', { name: 'Recent runs' }))).toEqual([['11/28/2026 02:00 AM', '11/28/2026 02:00 AM', '312', '4,820', '0', '—']]);
    expect(screen.getByText('The last run brought every balance forward.')).toBeInTheDocument();
    expect(screen.getByText('No incident was opened.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Incidents' })).toBeNull();
  });

  it('says when the job has not run yet', async () => {
    systemServer({ accrualHealth: healthyAccruals({ runs: [] }) });
    render();
    expect(await screen.findByText('The accrual job has not run yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Recent runs' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Errors of the last run' })).toBeNull();
  });

  it('says sorry when the read fails', async () => {
    systemServer({ more: { 'GET /system/accrual-health': apiError(404, 'not_found', 'Not found.') } });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry Not found.');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
