import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { HOLIDAY_DATE_REQUIRED, HOLIDAY_NAME_REQUIRED, type PaidHoliday } from '../api/holidays';
import { PaidHolidaysSection } from './paid-holidays-section';

const YEARS = [2025, 2026, 2027, 2028, 2029];
const holiday = (fields: Partial<PaidHoliday>): PaidHoliday => ({ id: 1, name: 'Independence Day', holiday: '2026-07-03', year: 2026, ...fields });

/** A server holding holidays of several years; the current year is 2026. */
function server(initial: PaidHoliday[]) {
  let holidays = [...initial];
  let nextId = 100;
  const listOf = (year: number) => ({ year, years: YEARS, holidays: holidays.filter((h) => h.year === year).sort((a, b) => a.holiday.localeCompare(b.holiday)) });
  const yearOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('year') ?? 2026);
  return mockFetch({
    'GET /holiday/list': ({ url }) => response({ json: listOf(yearOf(url)) }),
    'POST /holiday/add': (init) => {
      const body = bodyOf(init) as { id?: number; name: string; holiday: string };
      if (holidays.some((h) => h.holiday === body.holiday && h.id !== body.id)) {
        return response({ status: 400, json: { code: 'validation', message: 'Invalid input', errors: { holiday: ['There is already a paid holiday on this date'] } } });
      }
      const saved = holiday({ id: body.id ?? nextId++, name: body.name, holiday: body.holiday, year: Number(body.holiday.slice(0, 4)) });
      holidays = [...holidays.filter((h) => h.id !== saved.id), saved];
      return response({ json: saved });
    },
    'POST /holiday/delete': (init) => {
      const body = bodyOf(init) as { id: number; year: number };
      holidays = holidays.filter((h) => h.id !== body.id);
      return response({ json: listOf(body.year) });
    },
    'POST /holiday/create-defaults': ({ url }) => {
      const year = yearOf(url);
      holidays = [...holidays, holiday({ id: nextId++, name: 'New Year’s Day', holiday: `${year}-01-01`, year }), holiday({ id: nextId++, name: 'Thanksgiving Day', holiday: `${year}-11-25`, year })];
      return response({ json: listOf(year) });
    },
  });
}

const chooseYear = async (year: string) => {
  await userEvent.click(screen.getByLabelText('Year', { selector: 'input' }));
  await userEvent.click(await screen.findByRole('option', { name: year }));
};

describe('paid holidays (002 §2)', () => {
  it("shows the current year's holidays MM/DD/YYYY, and another year's when chosen", async () => {
    server([holiday({}), holiday({ id: 2, name: 'Christmas Day', holiday: '2026-12-25' }), holiday({ id: 3, name: 'Memorial Day', holiday: '2027-05-31', year: 2027 })]);
    renderWithApp(<PaidHolidaysSection canEdit />);
    const cards = await screen.findAllByTestId('paid-holiday');
    expect(cards.map((card) => card.textContent)).toEqual([expect.stringContaining('07/03/2026Independence Day'), expect.stringContaining('12/25/2026Christmas Day')]);
    expect(screen.getByText('We add 8 payable hours to everyone per holiday.')).toBeInTheDocument();
    expect(screen.getByLabelText('Year', { selector: 'input' })).toHaveValue('2026');
    await chooseYear('2027');
    await waitFor(() => expect(screen.getAllByTestId('paid-holiday').map((card) => card.textContent)).toEqual([expect.stringContaining('05/31/2027Memorial Day')]));
  });

  it('offers the default holidays for an empty year', async () => {
    const fetch = server([holiday({})]);
    renderWithApp(<PaidHolidaysSection canEdit />);
    await screen.findByTestId('paid-holiday');
    await chooseYear('2028');
    expect(await screen.findByText(/No paid holidays for 2028 yet\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add the default holidays' }));
    expect(await screen.findByText('Thanksgiving Day')).toBeInTheDocument();
    expect(screen.getByText('11/25/2028')).toBeInTheDocument();
    const calls = fetch.mock.calls.filter(([url]) => String(url).includes('create-defaults'));
    expect(String(calls[0]![0])).toContain('year=2028');
  });

  it("adds a holiday through the panel, checking the fields first and showing the server's refusal as 'Oh Snap!'", async () => {
    const fetch = server([holiday({})]);
    renderWithApp(<PaidHolidaysSection canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: '+ Add Paid Holiday' }));
    const dock = await screen.findByRole('dialog', { name: 'Paid Holiday' });
    await userEvent.click(within(dock).getByRole('button', { name: 'Save' }));
    expect(await within(dock).findByText(HOLIDAY_NAME_REQUIRED)).toBeInTheDocument();
    expect(within(dock).getByText(HOLIDAY_DATE_REQUIRED)).toBeInTheDocument();
    await userEvent.type(within(dock).getByRole('textbox', { name: 'Holiday name' }), 'Founders Day');
    await userEvent.type(within(dock).getByRole('textbox', { name: 'Holiday date' }), '07-03-2026');
    await userEvent.click(within(dock).getByRole('button', { name: 'Save' }));
    const alert = await within(dock).findByRole('alert');
    expect(alert).toHaveTextContent('Oh Snap!');
    expect(alert).toHaveTextContent('There is already a paid holiday on this date');
    const date = within(dock).getByRole('textbox', { name: 'Holiday date' });
    await userEvent.clear(date);
    await userEvent.type(date, '09/14/2026');
    await userEvent.click(within(dock).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Paid Holiday' })).toBeNull());
    const posts = fetch.mock.calls.filter(([url]) => String(url).includes('/holiday/add'));
    expect(bodyOf(posts.at(-1)![1] as RequestInit)).toEqual({ name: 'Founders Day', holiday: '2026-09-14' });
    expect(await screen.findByText('09/14/2026')).toBeInTheDocument();
  });

  it("opens a new holiday's calendar on the current month of the year on screen (issue 36)", async () => {
    server([holiday({})]);
    renderWithApp(<PaidHolidaysSection canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: '+ Add Paid Holiday' }));
    const dock = await screen.findByRole('dialog', { name: 'Paid Holiday' });
    const date = within(dock).getByRole('textbox', { name: 'Holiday date' });
    expect(date).toHaveAttribute('placeholder', 'MM/DD/YYYY');
    await userEvent.click(date);
    const month = new Intl.DateTimeFormat('en-US', { month: 'long' }).format(new Date());
    expect(await screen.findByRole('button', { name: `${month} 2026` })).toBeInTheDocument();
    // Its arrows have names (app/theme.ts).
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeInTheDocument();
  });

  it('edits a holiday in the panel and deletes one after the confirmation', async () => {
    const fetch = server([holiday({}), holiday({ id: 2, name: 'Christmas Day', holiday: '2026-12-25' })]);
    renderWithApp(<PaidHolidaysSection canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Independence Day' }));
    const dock = await screen.findByRole('dialog', { name: 'Paid Holiday' });
    expect(within(dock).getByRole('textbox', { name: 'Holiday date' })).toHaveValue('07/03/2026');
    const name = within(dock).getByRole('textbox', { name: 'Holiday name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Independence Day (observed)');
    await userEvent.click(within(dock).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Independence Day (observed)')).toBeInTheDocument();
    const posts = fetch.mock.calls.filter(([url]) => String(url).includes('/holiday/add'));
    expect(bodyOf(posts[0]![1] as RequestInit)).toEqual({ id: 1, name: 'Independence Day (observed)', holiday: '2026-07-03' });

    await userEvent.click(screen.getByRole('button', { name: 'Delete Christmas Day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent("Once you do this there's no going back!");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Christmas Day')).toBeNull());
    const deletes = fetch.mock.calls.filter(([url]) => String(url).includes('/holiday/delete'));
    expect(bodyOf(deletes[0]![1] as RequestInit)).toEqual({ id: 2, year: 2026 });
  });

  it('shows managers the holidays without the admin actions', async () => {
    server([]);
    const first = renderWithApp(<PaidHolidaysSection canEdit={false} />);
    expect(await screen.findByText(/No paid holidays for 2026 yet\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add the default holidays' })).toBeNull();
    first.unmount();
    server([holiday({})]);
    renderWithApp(<PaidHolidaysSection canEdit={false} />);
    expect(await screen.findByTestId('paid-holiday')).toHaveTextContent('Independence Day');
    expect(screen.queryByRole('button', { name: /Add Paid Holiday|Edit|Delete/ })).toBeNull();
  });
});
