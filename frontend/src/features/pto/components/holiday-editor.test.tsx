import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { PaidHolidaysSection } from './paid-holidays-section';

/** An empty 2026 that takes one new holiday. */
function server() {
  return mockFetch({
    'GET /holiday/list': () => response({ json: { year: 2026, years: [2025, 2026, 2027], holidays: [] } }),
    'POST /holiday/add': (init) => {
      const body = bodyOf(init) as { name: string; holiday: string };
      return response({ json: { id: 7, name: body.name, holiday: body.holiday, year: 2026 } });
    },
  });
}

const openPanel = async () => {
  await userEvent.click(await screen.findByRole('button', { name: '+ Add Paid Holiday' }));
  return screen.findByRole('dialog', { name: 'Paid Holiday' });
};
const picker = () => document.querySelector('[data-dates-dropdown]');
const question = () => screen.queryByRole('dialog', { name: 'Discard unsaved changes?' });

describe("the 'Paid Holiday' panel keeps what was typed (issue 36)", () => {
  it('Escape in the open date picker closes the picker, not the panel', async () => {
    server();
    renderWithApp(<PaidHolidaysSection canEdit />);
    const dock = await openPanel();
    await userEvent.type(within(dock).getByRole('textbox', { name: 'Holiday name' }), 'Founders Day');
    await userEvent.click(within(dock).getByRole('textbox', { name: 'Holiday date' }));
    await waitFor(() => expect(picker()).not.toBeNull());

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(picker()).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Paid Holiday' })).toBeInTheDocument();
    expect(within(dock).getByRole('textbox', { name: 'Holiday name' })).toHaveValue('Founders Day');
    expect(question()).not.toBeInTheDocument();
  });

  it('asks before closing over a typed name, and not after a save', async () => {
    server();
    renderWithApp(<PaidHolidaysSection canEdit />);
    let dock = await openPanel();
    await userEvent.type(within(dock).getByRole('textbox', { name: 'Holiday name' }), 'Founders Day');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Paid Holiday' })).not.toBeInTheDocument());

    // Opened again: empty, and closed at once.
    dock = await openPanel();
    expect(within(dock).getByRole('textbox', { name: 'Holiday name' })).toHaveValue('');
    await userEvent.click(within(dock).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Paid Holiday' })).not.toBeInTheDocument());
    expect(question()).not.toBeInTheDocument();

    dock = await openPanel();
    await userEvent.type(within(dock).getByRole('textbox', { name: 'Holiday name' }), 'Founders Day');
    await userEvent.type(within(dock).getByRole('textbox', { name: 'Holiday date' }), '07/04/2026');
    await userEvent.click(within(dock).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Paid Holiday' })).not.toBeInTheDocument());
    expect(question()).not.toBeInTheDocument();
  });
});
