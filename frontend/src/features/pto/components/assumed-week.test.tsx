import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { ASSUMED_HOURS_MESSAGE, type EmployeePto } from '../api/employee-pto';
import { ASSUMED_WEEK_HELP, ASSUMED_WEEK_LABEL, ASSUMED_WEEK_SAVED } from './assumed-week';
import { EmployeePtoCard } from './employee-pto-card';

const row = {
  ptoTypeId: 6, name: 'Sick time', color: '#e8590c', status: 1, method: 'PER_HOUR_WORKED', rate: 1, rateUnit: 30,
  period: { startDate: '2026-01-01', endDate: '2026-12-31' }, eligibleMonths: 0, startingBalance: 0, manuallyAddedHours: 0,
  carryover: 0, earnedHours: 600, used: 0, forfeited: 0, balance: 600, maxCarryover: null, maxBalance: null,
};
const pto = (fields: Partial<EmployeePto> = {}): EmployeePto => ({
  employeeId: 9, year: 2026, ptoPolicyId: 3, ptoPlanName: 'Standard', available: 600, types: [row], history: [], ruleChanges: [], assumedWeeklyHours: null, ...fields,
});

/**
 * The server of the assumed week: GET answers `assumed`, and the POST keeps whole hours from 1 to
 * 40 ('' clears), answering the employee's PTO with the balance it gives (2 h a week of 40 h).
 */
function server(assumed: number | null) {
  let saved = assumed;
  const answer = () => response({ json: pto({ assumedWeeklyHours: saved, types: [{ ...row, balance: saved === null ? 600 : saved * 3 }] }) });
  return mockFetch({
    'GET /manage/employee-pto': answer,
    'POST /manage/employee-pto-assumed-hours': (init) => {
      const { weeklyHours } = bodyOf(init) as { employeeId: number; weeklyHours: number | '' };
      if (weeklyHours !== '' && !(Number.isInteger(weeklyHours) && weeklyHours >= 1 && weeklyHours <= 40)) {
        return response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'Invalid input', errors: { weeklyHours: [ASSUMED_HOURS_MESSAGE] } } });
      }
      saved = weeklyHours === '' ? null : weeklyHours;
      return answer();
    },
  });
}

const posts = (fetch: ReturnType<typeof server>) =>
  fetch.mock.calls.filter(([url]) => String(url).includes('employee-pto-assumed-hours')).map(([, init]) => bodyOf(init as RequestInit));
const gets = (fetch: ReturnType<typeof server>) =>
  fetch.mock.calls.filter(([url, init]) => /\/manage\/employee-pto\?/.test(String(url)) && ((init as RequestInit | undefined)?.method ?? 'GET') === 'GET');

describe("'Exempt from overtime': an assumed week in the folder's PTO card (issue 38)", () => {
  it('is shown to admins viewing someone else only, as the manual addition is', async () => {
    server(null);
    const { unmount } = renderWithApp(<EmployeePtoCard employeeId={9} canAddManually={false} canSetUp />);
    expect(await screen.findByTestId('pto-balance-row')).toHaveTextContent('10.00 hrs');
    expect(screen.queryByRole('form', { name: 'Exempt from overtime' })).toBeNull();
    expect(screen.queryByRole('switch', { name: ASSUMED_WEEK_LABEL })).toBeNull();
    unmount();
    renderWithApp(<EmployeePtoCard employeeId={9} canAddManually />);
    const form = await screen.findByRole('form', { name: 'Exempt from overtime' });
    expect(within(form).getByText(ASSUMED_WEEK_HELP)).toBeInTheDocument();
  });

  it('loads the saved week: switched on with its hours', async () => {
    server(32);
    renderWithApp(<EmployeePtoCard employeeId={9} canAddManually />);
    const form = await screen.findByRole('form', { name: 'Exempt from overtime' });
    expect(within(form).getByRole('switch', { name: ASSUMED_WEEK_LABEL })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'Hours a week' })).toHaveValue('32');
  });

  it('switched on starts at 40 hours and saves them; the answer updates the card without asking again', async () => {
    const fetch = server(null);
    renderWithApp(<EmployeePtoCard employeeId={9} canAddManually />);
    const form = await screen.findByRole('form', { name: 'Exempt from overtime' });
    const toggle = within(form).getByRole('switch', { name: ASSUMED_WEEK_LABEL });
    expect(toggle).not.toBeChecked();
    expect(within(form).queryByRole('textbox', { name: 'Hours a week' })).toBeNull();
    const user = userEvent.setup();
    await user.click(toggle);
    expect(within(form).getByRole('textbox', { name: 'Hours a week' })).toHaveValue('40');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ASSUMED_WEEK_SAVED)).toBeInTheDocument();
    expect(posts(fetch)).toEqual([{ employeeId: 9, weeklyHours: 40 }]);
    // The answer is the employee's PTO: the card shows its balance, from the cache.
    await waitFor(() => expect(screen.getByTestId('pto-balance-row')).toHaveTextContent('2.00 hrs'));
    expect(gets(fetch)).toHaveLength(1);
    expect(toggle).toBeChecked();
  });

  it('switched off and saved sends an empty week: hours worked count again', async () => {
    const fetch = server(40);
    renderWithApp(<EmployeePtoCard employeeId={9} canAddManually />);
    const form = await screen.findByRole('form', { name: 'Exempt from overtime' });
    const toggle = within(form).getByRole('switch', { name: ASSUMED_WEEK_LABEL });
    expect(toggle).toBeChecked();
    const user = userEvent.setup();
    await user.click(toggle);
    expect(within(form).queryByRole('textbox', { name: 'Hours a week' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ASSUMED_WEEK_SAVED)).toBeInTheDocument();
    expect(posts(fetch)).toEqual([{ employeeId: 9, weeklyHours: '' }]);
    await waitFor(() => expect(screen.getByTestId('pto-balance-row')).toHaveTextContent('10.00 hrs'));
    expect(toggle).not.toBeChecked();
  });

  it("shows the server's error under the hours, and saves once they are in range", async () => {
    const fetch = server(null);
    renderWithApp(<EmployeePtoCard employeeId={9} canAddManually />);
    const form = await screen.findByRole('form', { name: 'Exempt from overtime' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('switch', { name: ASSUMED_WEEK_LABEL }));
    const field = within(form).getByRole('textbox', { name: 'Hours a week' });
    await user.clear(field);
    await user.type(field, '45');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(ASSUMED_HOURS_MESSAGE)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(posts(fetch)).toEqual([{ employeeId: 9, weeklyHours: 45 }]);
    expect(within(form).getByRole('switch', { name: ASSUMED_WEEK_LABEL })).toBeChecked();
    // Typing again clears the message; 37 hours are kept.
    await user.clear(field);
    expect(within(form).queryByText(ASSUMED_HOURS_MESSAGE)).toBeNull();
    await user.type(field, '37');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ASSUMED_WEEK_SAVED)).toBeInTheDocument();
    expect(posts(fetch)).toEqual([
      { employeeId: 9, weeklyHours: 45 },
      { employeeId: 9, weeklyHours: 37 },
    ]);
    expect(field).toHaveValue('37');
  });

  it('asks for the hours when switched on with the field empty, sending nothing', async () => {
    const fetch = server(null);
    renderWithApp(<EmployeePtoCard employeeId={9} canAddManually />);
    const form = await screen.findByRole('form', { name: 'Exempt from overtime' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('switch', { name: ASSUMED_WEEK_LABEL }));
    await user.clear(within(form).getByRole('textbox', { name: 'Hours a week' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(ASSUMED_HOURS_MESSAGE)).toBeInTheDocument();
    expect(posts(fetch)).toEqual([]);
  });
});
