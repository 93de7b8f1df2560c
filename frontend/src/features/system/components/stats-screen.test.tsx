import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { renderWithApp } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';
import { apiError, callsTo, OPERATOR, queriesTo, statRow, systemServer } from '../testing/system-server';
import { bodyRows, headers } from '../testing/tables';
import { StatsScreen } from './stats-screen';

const render = () => renderWithApp(<StatsScreen />, { path: '/sy5tem/stat' });

/** A ResizeObserver that measures every element as 600 × 260, so that the chart draws in jsdom. */
class SizedResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const contentRect = { width: 600, height: 260, top: 0, left: 0, right: 600, bottom: 260, x: 0, y: 0 } as DOMRectReadOnly;
    this.callback([{ target, contentRect } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

/** Downloads: object URLs and the clicked link that saves the file. */
let saved: { name: string; href: string }[] = [];
let token = '';

describe('Statistics (/sy5tem/stat)', () => {
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', SizedResizeObserver);
    token = fakeToken({ ...OPERATOR, roles: ['sysadmin'] });
    sessionStore.setToken(token);
    saved = [];
    URL.createObjectURL = vi.fn(() => 'blob:stats/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
  });
  afterEach(() => {
    sessionStore.clear();
    vi.unstubAllGlobals();
  });

  it("lists each company's figures, newest first, linking to the company", async () => {
    const { fetch } = systemServer({ stats: [statRow(7, { name: 'Acme Insurance', clockPresses: 12345 }), statRow(8, { name: 'Beta Bakery', lastActivity: null })] });
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Statistics' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Usage by company' });
    expect(headers(table)).toEqual(['Company', 'Status', 'Created', 'Employees', 'Active users', 'Clock presses', 'PTO requests', 'Last activity']);
    expect(bodyRows(table)).toEqual([
      ['Acme Insurance', 'Active', 'Nov 01, 2026', '14', '12', '12,345', '33', '11/26/2026 08:02 AM'],
      ['Beta Bakery', 'Active', 'Nov 01, 2026', '14', '12', '5,120', '33', '—'],
    ]);
    expect(within(table).getByRole('link', { name: 'Beta Bakery' })).toHaveAttribute('href', '/sy5tem/company/8');
    expect(queriesTo(fetch, '/system/stats')).toEqual([{ page: '1', sort: 'createdAt', order: 'desc' }]);
  });

  it('charts signups and active companies per month, with their figures in a table for screen readers', async () => {
    systemServer();
    render();
    const chart = await screen.findByTestId('stats-chart');
    expect(chart).toHaveAttribute('aria-hidden', 'true');
    await waitFor(() => expect([...chart.querySelectorAll('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')].map((t) => t.textContent)).toEqual(['Oct 2026', 'Nov 2026']));
    expect(chart.querySelectorAll('.recharts-line')).toHaveLength(2);
    // Each line's name with its colour, and the axis named.
    const legend = within(chart).getAllByTestId('chart-legend-item');
    expect(legend.map((item) => item.textContent)).toEqual(['Signups', 'Active companies']);
    expect(legend.map((item) => within(item).getByTestId('chart-legend-swatch').style.backgroundColor)).toEqual([
      'var(--mantine-color-blue-7)',
      'var(--mantine-color-orange-9)',
    ]);
    expect([...chart.querySelectorAll('.mantine-LineChart-axisLabel')].map((label) => label.textContent)).toEqual(['Month', 'Companies']);
    const figures = screen.getByRole('table', { name: 'Signups and active companies per month' });
    expect(bodyRows(figures)).toEqual([
      ['Oct 2026', '40', '310'],
      ['Nov 2026', '52', '322'],
    ]);
  });

  it('sorts by employees and active users, and filters by name once the typing pauses', async () => {
    const { fetch } = systemServer();
    render();
    const table = await screen.findByRole('table', { name: 'Usage by company' });
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: /^Employees/ }));
    await waitFor(() => expect(queriesTo(fetch, '/system/stats').at(-1)).toEqual({ page: '1', sort: 'employees', order: 'asc' }));
    await user.click(within(table).getByRole('button', { name: /^Active users/ }));
    await waitFor(() => expect(queriesTo(fetch, '/system/stats').at(-1)).toEqual({ page: '1', sort: 'activeUsers', order: 'asc' }));
    await user.type(screen.getByRole('searchbox', { name: 'Company name' }), 'zzz');
    expect(await screen.findByText('No companies match.')).toBeInTheDocument();
    expect(queriesTo(fetch, '/system/stats').at(-1)).toEqual({ page: '1', sort: 'activeUsers', order: 'asc', name: 'zzz' });
    expect(queriesTo(fetch, '/system/stats').filter((q) => q.name !== undefined)).toHaveLength(1);
  });

  it("'Export CSV' downloads every company's figures with the session's token", async () => {
    const { fetch } = systemServer();
    render();
    await screen.findByRole('table', { name: 'Usage by company' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'timekeep-stats.csv', href: 'blob:stats/1' }]));
    const [call] = callsTo(fetch, 'GET', '/system/export-stats');
    expect(call!.url.search).toBe('');
    expect(new Headers(call!.init.headers).get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('shows a failed export and a failed load', async () => {
    systemServer({ more: { 'GET /system/export-stats': apiError(404, 'not_found', 'Not found.'), 'GET /system/stats': apiError(403, 'forbidden', 'No.') } });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry No.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Sorry Not found.'));
    expect(saved).toEqual([]);
  });
});
