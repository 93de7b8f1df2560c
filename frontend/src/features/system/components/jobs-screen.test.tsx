import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { renderWithApp } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';
import { apiError, callsTo, jobRun, json, OPERATOR, systemJob, systemJobs, systemServer } from '../testing/system-server';
import { bodyRows, headers } from '../testing/tables';
import { JobsScreen } from './jobs-screen';

const render = () => renderWithApp(<JobsScreen />, { path: '/sy5tem/jobs' });

const ACME_ERROR = 'The accruals of Acme Insurance could not be computed: the Sick rule of plan \u2018Old import\u2019 is broken';
const PLAN_ERROR = 'database unavailable\nconnection refused';

describe('Jobs (/sy5tem/jobs)', () => {
  // The operator's clock: New York (instants are shown on it).
  beforeEach(() => sessionStore.setToken(fakeToken({ ...OPERATOR, roles: ['sysadmin'], timezone: 'America/New_York' })));
  afterEach(() => sessionStore.clear());

  it('shows each job’s schedule and the recent runs with their batches, shares and errors', async () => {
    const { fetch } = systemServer({
      jobs: systemJobs({
        jobs: [
          systemJob('hr-celebrations', { runs: 0, lastFinishedAt: null, nextRunAt: null }),
          systemJob('missed-punches', { runs: 3, lastError: PLAN_ERROR }),
          systemJob('pto-accruals', { runs: 1234 }),
        ],
        runs: [
          jobRun(9, {
            job: 'missed-punches',
            asOf: '2026-11-30T10:00:00Z',
            status: 'running',
            finishedAt: null,
            durationMs: null,
            batches: 1,
            done: 0,
            people: 0,
            shares: [],
            errors: [{ companyId: null, message: 'the outbox is full' }],
          }),
          jobRun(8, {
            status: 'failed',
            done: 39,
            failed: 1,
            durationMs: 5120,
            errors: [{ companyId: 12, message: ACME_ERROR }],
            shares: [
              { instance: '4121-ab12cd', batches: 20 },
              { instance: '4188-ef34gh', batches: 19 },
            ],
          }),
          jobRun(7, { asOf: '2026-11-29T09:00:00Z', durationMs: 850, people: 1200, shares: [{ instance: '4121-ab12cd', batches: 40 }] }),
        ],
      }),
    });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Jobs' })).toBeInTheDocument();
    expect(document.title).toBe('Jobs | Timekeep');

    const jobs = await screen.findByRole('table', { name: 'Jobs' });
    expect(headers(jobs)).toEqual(['Job', 'Runs', 'Last finished', 'Next due', 'Status']);
    expect(bodyRows(jobs)).toEqual([
      ['hr-celebrations', '0', '—', '—', 'Never ran'],
      ['missed-punches', '3', '11/30/2026 04:00 AM', '12/01/2026 04:00 AM', `Failed: ${PLAN_ERROR}`],
      ['pto-accruals', '1,234', '11/30/2026 04:00 AM', '12/01/2026 04:00 AM', 'OK'],
    ]);
    // The failure is in red, its lines kept.
    const failure = within(jobs).getByText(/^Failed:/);
    expect(failure.getAttribute('style')).toContain('red-9');
    expect(failure).toHaveStyle({ whiteSpace: 'pre-line' });

    const runs = screen.getByRole('table', { name: 'Recent runs' });
    expect(headers(runs)).toEqual(['Job', 'As of', 'Status', 'Batches', 'People', 'Took', 'By instance']);
    expect(within(runs).getAllByTestId('job-run').map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent))).toEqual([
      ['missed-punches', '11/30/2026 05:00 AM', 'Running', '0/1', '0', '—', '—'],
      ['pto-accruals', '11/30/2026 04:00 AM', 'Failed', '39/40 (1 failed)', '1,234', '5.1 s', '4121-ab12cd: 20, 4188-ef34gh: 19'],
      ['pto-accruals', '11/29/2026 04:00 AM', 'OK', '40/40', '1,200', '0.9 s', '4121-ab12cd: 40'],
    ]);

    // Under a run, its errors: with the company when the server names one.
    const failed = screen.getByRole('list', { name: 'Errors of pto-accruals as of 11/30/2026 04:00 AM' });
    expect(within(failed).getAllByRole('listitem').map((item) => item.textContent)).toEqual([`Company #12: ${ACME_ERROR}`]);
    const running = screen.getByRole('list', { name: 'Errors of missed-punches as of 11/30/2026 05:00 AM' });
    expect(within(running).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['the outbox is full']);
    expect(within(runs).getAllByTestId('job-run-errors')).toHaveLength(2);
    expect(callsTo(fetch, 'GET', '/system/jobs')).toHaveLength(1);
  });

  it('says when no job has run yet', async () => {
    systemServer({ jobs: systemJobs({ jobs: [systemJob('pto-accruals', { runs: 0, lastFinishedAt: null })], runs: [] }) });
    render();
    expect(await screen.findByText('No job has run yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Recent runs' })).toBeNull();
    expect(bodyRows(screen.getByRole('table', { name: 'Jobs' }))).toEqual([['pto-accruals', '0', '—', '12/01/2026 04:00 AM', 'Never ran']]);
  });

  it('reads the jobs again on Refresh', async () => {
    let answer = systemJobs();
    const { fetch } = systemServer({ more: { 'GET /system/jobs': (request) => json(answer)(request) } });
    render();
    const runs = await screen.findByRole('table', { name: 'Recent runs' });
    expect(bodyRows(runs)).toEqual([['pto-accruals', '11/30/2026 04:00 AM', 'OK', '40/40', '1,234', '5.1 s', '4121-ab12cd: 20, 4188-ef34gh: 20']]);
    expect(screen.queryByTestId('job-run-errors')).toBeNull();

    answer = systemJobs({ runs: [jobRun(8, { asOf: '2026-12-01T09:00:00Z', status: 'running', finishedAt: null, durationMs: null, done: 3, shares: [] }), jobRun(7)] });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getAllByTestId('job-run')).toHaveLength(2));
    expect(bodyRows(screen.getByRole('table', { name: 'Recent runs' }))[0]).toEqual(['pto-accruals', '12/01/2026 04:00 AM', 'Running', '3/40', '1,234', '—', '—']);
    expect(callsTo(fetch, 'GET', '/system/jobs')).toHaveLength(2);
  });

  it('says sorry when the read fails', async () => {
    systemServer({ more: { 'GET /system/jobs': apiError(404, 'not_found', 'Not found.') } });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry Not found.');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });
});
