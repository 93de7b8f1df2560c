import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { OVERRIDE_HOURS_INVALID, PTO_TYPE_IN_PLAN, type PtoType } from '../api/pto-types';
import { PtoTypesSection } from './pto-types-section';

const TIME = { dayStartAt: null, mobileClockInDisabled: false, payCycle: 'biweekly', payCycleAnchor: '2026-01-04', weeklyOvertimeMinutes: 2400 };
const ROLES = [{ id: 7, name: 'Producer', active: true }];
const type = (fields: Partial<PtoType>): PtoType => ({ id: 1, name: 'Vacation', color: '#2f9e44', payable: 1, available: 1, allowDelete: true, overrides: [], ...fields });

function server(initial: PtoType[]) {
  let types = [...initial];
  return mockFetch({
    'GET /settings/data': () => response({ json: { settings: TIME, jobroles: ROLES, ptotypes: types } }),
    'POST /settings/update-pto-type': (init) => {
      const body = bodyOf(init) as { id?: number; name: string; overrides: { jobroleId: number; hours: string }[] };
      const saved = type({ id: body.id ?? 50, name: body.name, overrides: body.overrides.map((o) => ({ jobroleId: o.jobroleId, hours: Number(o.hours) })) });
      types = [...types.filter((t) => t.id !== saved.id), saved];
      return response({ json: saved });
    },
    'POST /settings/inactive-pto-type': ({ url }) => {
      const id = Number(new URL(url, 'http://x').searchParams.get('id'));
      types = types.filter((t) => t.id !== id);
      return response({ json: { id } });
    },
  });
}

describe('PTO types (002 §2)', () => {
  it('lists the paid types, each blocked from deletion while a plan includes it', async () => {
    server([type({ id: 1 }), type({ id: 2, name: 'Unpaid leave', payable: 0 }), type({ id: 3, name: 'Sick', allowDelete: false })]);
    renderWithApp(<PtoTypesSection canEdit />);
    const cards = await screen.findAllByTestId('pto-type');
    expect(cards.map((card) => within(card).getByText(/^(Vacation|Sick|Unpaid leave)$/).textContent)).toEqual(['Vacation', 'Sick']);
    expect(within(cards[1]!).getByRole('button', { name: 'Delete Sick' })).toBeDisabled();
    await userEvent.hover(within(cards[1]!).getByTestId('delete-blocked'));
    expect(await screen.findByText(PTO_TYPE_IN_PLAN)).toBeInTheDocument();
  });

  it('creates a custom type with a job role allowance, checking the hours first', async () => {
    const fetch = server([]);
    renderWithApp(<PtoTypesSection canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create Custom Type' }));
    const dock = await screen.findByRole('dialog', { name: 'PTO Type' });
    await userEvent.type(within(dock).getByRole('textbox', { name: 'Name' }), 'Vacation');
    await userEvent.click(within(dock).getByRole('button', { name: '+ Add a job role' }));
    await userEvent.click(within(dock).getByLabelText('Job role 1', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Producer' }));
    await userEvent.type(within(dock).getByRole('textbox', { name: 'Hours a year 1' }), '12.5.3');
    await userEvent.click(within(dock).getByRole('button', { name: 'Save' }));
    expect(await within(dock).findByText(OVERRIDE_HOURS_INVALID)).toBeInTheDocument();
    const hours = within(dock).getByRole('textbox', { name: 'Hours a year 1' });
    await userEvent.clear(hours);
    await userEvent.type(hours, '120.5');
    await userEvent.click(within(dock).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'PTO Type' })).toBeNull());
    const posts = fetch.mock.calls.filter(([url]) => String(url).includes('update-pto-type'));
    expect(bodyOf(posts[0]![1] as RequestInit)).toMatchObject({ name: 'Vacation', payable: 1, available: 0, overrides: [{ jobroleId: 7, hours: '120.5' }] });
    expect(await screen.findByText('Producer: 120.5 hrs/year')).toBeInTheDocument();
  });

  it('deletes a type after the confirmation', async () => {
    server([type({ id: 1 })]);
    renderWithApp(<PtoTypesSection canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Vacation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent("Once you do this there's no going back!");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('pto-type')).toBeNull());
  });

  it('shows managers the types without the admin actions', async () => {
    server([type({ id: 1 })]);
    renderWithApp(<PtoTypesSection canEdit={false} />);
    expect(await screen.findByTestId('pto-type')).toHaveTextContent('Vacation');
    expect(screen.queryByRole('button', { name: 'Create Custom Type' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
  });
});
