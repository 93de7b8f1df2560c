import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { HOLIDAY_HOURS_INVALID, type EmployeeHolidays } from '../api/holidays';
import { EmployeeHolidaysTile } from './employee-holidays-tile';

const hoursOf = (rows: { holidayId: number; hours: number }[]): EmployeeHolidays => {
  const holidays = [
    { holidayId: 1, name: 'Independence Day', holiday: '2026-07-03', hours: 8 },
    { holidayId: 2, name: 'Christmas Day', holiday: '2026-12-25', hours: 8 },
  ].map((row) => ({ ...row, hours: rows.find((r) => r.holidayId === row.holidayId)?.hours ?? row.hours }));
  return { employeeId: 9, year: 2026, holidays, totalHours: holidays.reduce((sum, row) => sum + row.hours, 0) };
};

describe("the folder's Holidays tile (001 §2)", () => {
  it('shows the year’s holiday hours; an admin changes them in the dock, checked before they go', async () => {
    const fetch = mockFetch({
      'GET /holiday/list-for-employee': () => response({ json: hoursOf([]) }),
      'POST /holiday/save-employee-holidays': (init) => {
        const body = bodyOf(init) as { holidays: { holidayId: number; hours: number }[] };
        return response({ json: hoursOf(body.holidays) });
      },
    });
    renderWithApp(<EmployeeHolidaysTile employeeId={9} canEdit />);
    const tile = await screen.findByRole('button', { name: 'Holidays 16 hrs' });
    expect(String(fetch.mock.calls[0]![0])).toContain('employeeId=9');
    const user = userEvent.setup();
    await user.click(tile);
    const dock = await screen.findByRole('dialog', { name: 'Holidays' });
    expect(screen.getByTestId('holidays-dock')).toHaveAttribute('data-width', '550');
    expect(within(dock).getAllByTestId('holiday-hours-row')[0]).toHaveTextContent('07/03/2026');
    const hours = within(dock).getByRole('textbox', { name: 'Hours for Independence Day' });
    expect(hours).toHaveValue('8');
    await user.clear(hours);
    await user.type(hours, '25');
    await user.click(within(dock).getByRole('button', { name: 'Save' }));
    expect(await within(dock).findByText(HOLIDAY_HOURS_INVALID)).toBeInTheDocument();
    await user.clear(hours);
    await user.type(hours, '4.5');
    await user.click(within(dock).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Holidays' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Holidays 12.5 hrs' })).toBeInTheDocument();
    const posts = fetch.mock.calls.filter(([url]) => String(url).includes('save-employee-holidays'));
    expect(bodyOf(posts[0]![1] as RequestInit)).toEqual({ employeeId: 9, year: 2026, holidays: [{ holidayId: 1, hours: 4.5 }, { holidayId: 2, hours: 8 }] });
  });

  it("puts the server's message under the holiday it is about", async () => {
    mockFetch({
      'GET /holiday/list-for-employee': () => response({ json: hoursOf([]) }),
      'POST /holiday/save-employee-holidays': () =>
        response({ status: 400, json: { code: 'validation', message: 'Invalid input', errors: { 'holidays[1].hours': ['Please input the hours, from 0 to 24 with at most two decimals'] } } }),
    });
    renderWithApp(<EmployeeHolidaysTile employeeId={9} canEdit />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Holidays 16 hrs' }));
    const dock = await screen.findByRole('dialog', { name: 'Holidays' });
    await user.click(within(dock).getByRole('button', { name: 'Save' }));
    expect(await within(dock).findByText(HOLIDAY_HOURS_INVALID)).toBeInTheDocument();
    expect(within(dock).getByRole('textbox', { name: 'Hours for Christmas Day' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dock).queryByRole('alert')).toBeNull();
  });

  it('shows the hours read-only to everybody else', async () => {
    mockFetch({ 'GET /holiday/list-for-employee': () => response({ json: hoursOf([{ holidayId: 2, hours: 4 }]) }) });
    renderWithApp(<EmployeeHolidaysTile employeeId={9} canEdit={false} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Holidays 12 hrs' }));
    const dock = await screen.findByRole('dialog', { name: 'Holidays' });
    expect(within(dock).getAllByTestId('holiday-hours-row')[1]).toHaveTextContent('12/25/2026Christmas Day4');
    expect(within(dock).queryByRole('textbox')).toBeNull();
    expect(within(dock).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
