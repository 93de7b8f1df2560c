import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { DailyHoursCard } from './daily-hours-card';

const dailyHours = (days: unknown[]) => () => response({ json: { start: '2026-11-01', end: '2026-11-14', days } });

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

describe("the 'Hours per day' card", () => {
  beforeEach(() => vi.stubGlobal('ResizeObserver', SizedResizeObserver));
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the current pay cycle and charts each day as regular, overtime and PTO hours', async () => {
    const fetch = mockFetch({
      'GET /dashboard/daily-hours': dailyHours([
        { date: '2026-11-02', workedMinutes: 600, overtimeMinutes: 100, ptoMinutes: 0 },
        { date: '2026-11-03', workedMinutes: 0, overtimeMinutes: 0, ptoMinutes: 480 },
        { date: '2026-11-04', workedMinutes: 0, overtimeMinutes: 0, ptoMinutes: 0 },
      ]),
    });
    renderWithApp(<DailyHoursCard />);
    const card = screen.getByRole('region', { name: 'Hours per day' });
    const table = await within(card).findByRole('table', { name: 'Hours per day' });
    // The server's default range: the current pay period.
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/server/v1/dashboard/daily-hours']);
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Day', 'Regular', 'Overtime', 'PTO']);
    // Regular = worked − overtime (half up), overtime rounded down, PTO: hours with two decimals.
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['11/02', '8.33', '1.66', '0.00'],
      ['11/03', '0.00', '0.00', '8.00'],
      ['11/04', '0.00', '0.00', '0.00'],
    ]);
    expect(within(card).queryByTestId('daily-hours-empty')).toBeNull();
  });

  it('draws stacked bars per day with the days as MM/DD and a legend of the three series', async () => {
    mockFetch({
      'GET /dashboard/daily-hours': dailyHours([
        { date: '2026-11-02', workedMinutes: 600, overtimeMinutes: 100, ptoMinutes: 0 },
        { date: '2026-11-03', workedMinutes: 0, overtimeMinutes: 0, ptoMinutes: 480 },
      ]),
    });
    renderWithApp(<DailyHoursCard />);
    const chart = await screen.findByTestId('daily-hours-chart');
    // The drawing repeats the table for sighted people: screen readers get the table.
    expect(chart).toHaveAttribute('aria-hidden', 'true');
    await waitFor(() => expect(chart.querySelectorAll('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')).toHaveLength(2));
    expect([...chart.querySelectorAll('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')].map((t) => t.textContent)).toEqual(['11/02', '11/03']);
    // One stack per series; 11/02 has regular and overtime hours, 11/03 only PTO.
    expect(chart.querySelectorAll('.recharts-bar')).toHaveLength(3);
    expect([...chart.querySelectorAll('.recharts-bar-rectangle path')].map((bar) => bar.getAttribute('name'))).toEqual(['Regular', 'Overtime', 'PTO']);
    // The legend in the order of the stack, each name with its colour.
    const legend = within(chart).getAllByTestId('chart-legend-item');
    expect(legend.map((item) => item.textContent)).toEqual(['Regular', 'Overtime', 'PTO']);
    const swatches = legend.map((item) => within(item).getByTestId('chart-legend-swatch'));
    expect(swatches.map((swatch) => swatch.style.backgroundColor)).toEqual([
      'var(--mantine-color-blue-7)',
      'var(--mantine-color-orange-9)',
      'var(--mantine-color-teal-9)',
    ]);
    for (const swatch of swatches) expect(swatch).toHaveStyle({ width: '12px', height: '12px' });
  });

  it("ticks the hour axis in whole or half hours written '2 h', even for a few minutes (issue 36)", async () => {
    mockFetch({
      'GET /dashboard/daily-hours': dailyHours([
        { date: '2026-11-02', workedMinutes: 1, overtimeMinutes: 0, ptoMinutes: 0 },
        { date: '2026-11-03', workedMinutes: 2, overtimeMinutes: 0, ptoMinutes: 0 },
      ]),
    });
    renderWithApp(<DailyHoursCard />);
    const chart = await screen.findByTestId('daily-hours-chart');
    const ticks = () => [...chart.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')].map((t) => t.textContent);
    await waitFor(() => expect(ticks()).toEqual(['0 h', '0.5 h']));
  });

  it("says 'There is no data for this pay cycle' when no day has hours", async () => {
    mockFetch({ 'GET /dashboard/daily-hours': dailyHours([{ date: '2026-11-02', workedMinutes: 0, overtimeMinutes: 0, ptoMinutes: 0 }]) });
    renderWithApp(<DailyHoursCard />);
    expect(await screen.findByTestId('daily-hours-empty')).toHaveTextContent('There is no data for this pay cycle');
    expect(screen.queryByTestId('daily-hours-chart')).toBeNull();
  });

  it('keeps a failed load inside the card', async () => {
    mockFetch({
      'GET /dashboard/daily-hours': () => response({ status: 403, statusText: 'Forbidden', json: { code: 'forbidden', message: 'You may not see these hours.', errors: {} } }),
    });
    renderWithApp(<DailyHoursCard />);
    const card = screen.getByRole('region', { name: 'Hours per day' });
    expect(await within(card).findByText('You may not see these hours.')).toBeInTheDocument();
  });
});
