import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { SetupChecklistCard } from './setup-checklist-card';

const items = (done: string[]) =>
  ['company', 'payPeriod', 'jobRoles', 'timeOff', 'holidays', 'people', 'policy'].map((key) => ({ key, done: done.includes(key) }));

describe('the guided start on the dashboard', () => {
  it('lists the first steps with links, ticks the done ones, adds the federal holidays in one click and hides', async () => {
    const state = { done: ['jobRoles'], dismissed: false };
    const fetch = mockFetch({
      'GET /dashboard/setup': () => response({ json: { items: items(state.done), dismissed: state.dismissed, complete: false } }),
      'POST /holiday/create-defaults': () => {
        state.done.push('holidays');
        return response({ json: { year: 2026, years: [2026], holidays: [] } });
      },
      'POST /dashboard/setup-dismiss': () => {
        state.dismissed = true;
        return response({ json: { dismissed: true } });
      },
    });
    renderWithApp(<SetupChecklistCard year={2026} />);
    const card = await screen.findByTestId('setup-checklist');
    expect(within(card).getByTestId('setup-progress')).toHaveTextContent('1 of 7 done');
    expect(within(card).getByTestId('setup-jobRoles')).toHaveAttribute('data-done', 'true');
    expect(within(card).getByRole('link', { name: 'Add employees' })).toHaveAttribute('href', '/admin/manage/add-batch');
    expect(within(card).getByRole('link', { name: 'Open My Company' })).toHaveAttribute('href', '/admin/manage/company-profile');
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Add the US federal holidays' }));
    await waitFor(() => expect(within(card).getByTestId('setup-holidays')).toHaveAttribute('data-done', 'true'));
    expect(String(fetch.mock.calls.find(([url]) => String(url).includes('create-defaults'))![0])).toContain('year=2026');
    await user.click(within(card).getByRole('button', { name: 'Hide this list' }));
    await waitFor(() => expect(screen.queryByTestId('setup-checklist')).toBeNull());
    expect(bodyOf(fetch.mock.calls.find(([url]) => String(url).endsWith('/dashboard/setup-dismiss'))![1]!)).toEqual({ dismissed: true });
  });

  it('is gone once every step is done', async () => {
    mockFetch({ 'GET /dashboard/setup': () => response({ json: { items: items(['company']), dismissed: false, complete: true } }) });
    renderWithApp(<SetupChecklistCard year={2026} />);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
  });
});
