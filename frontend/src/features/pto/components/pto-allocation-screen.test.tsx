import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import type { Allocation, AllocationRow } from '../api/allocation';
import { PtoAllocationScreen } from './pto-allocation-screen';

const TYPES = [
  { id: 1, name: 'Sick', color: '#e03131' },
  { id: 2, name: 'Vacation', color: '#1971c2' },
];

const row = (fields: Partial<AllocationRow>): AllocationRow => ({
  employeeId: 9,
  firstname: 'Emma',
  lastname: 'Brooks',
  jobRole: 'Producer',
  ptoPolicyId: 3,
  ptoPlanName: 'Standard',
  types: [
    { ptoTypeId: 1, startingBalance: 720 },
    { ptoTypeId: 2, startingBalance: null },
  ],
  ...fields,
});

const PEOPLE = [
  row({}),
  row({ employeeId: 10, firstname: 'Liam', lastname: 'Carter', jobRole: null, ptoPolicyId: null, ptoPlanName: null, types: [] }),
  row({ employeeId: 11, firstname: 'Mia', lastname: 'Dunn', ptoPolicyId: 4, ptoPlanName: 'Generous', types: [{ ptoTypeId: 2, startingBalance: 750 }] }),
  row({ employeeId: 12, firstname: 'Noah', lastname: 'Evans', types: [{ ptoTypeId: 1, startingBalance: null }, { ptoTypeId: 2, startingBalance: 60 }] }),
];

interface SwitchBody {
  ptoPolicyId: number;
  year: number;
  employeeIds: number[];
  startingBalances: { employeeId: number; ptoTypeId: number; startingBalance: string }[];
}

/**
 * A server holding each year's allocation (2026 is current); switch-pto-plan stores the balances
 * (hours to minutes), or answers `refuse(body)` when that gives a response.
 */
function server(people: AllocationRow[], refuse: (body: SwitchBody) => Response | null = () => null) {
  const years: Record<number, AllocationRow[]> = { 2026: structuredClone(people), 2027: [row({ types: [{ ptoTypeId: 1, startingBalance: 480 }] })] };
  const yearOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('year') ?? 2026);
  return mockFetch({
    'GET /pto-manage/allocation': ({ url }) => {
      const year = yearOf(url);
      const body: Allocation = { year, years: [2026, 2027], types: TYPES, employees: years[year] ?? [] };
      return response({ json: body });
    },
    'POST /settings/switch-pto-plan': (init) => {
      const body = bodyOf(init) as SwitchBody;
      const refused = refuse(body);
      if (refused) return refused;
      for (const item of body.startingBalances) {
        const person = years[body.year]!.find((candidate) => candidate.employeeId === item.employeeId)!;
        person.types = person.types.map((balance) =>
          balance.ptoTypeId === item.ptoTypeId ? { ...balance, startingBalance: Math.round(Number(item.startingBalance) * 60) } : balance,
        );
      }
      return response({ json: { employeeIds: body.employeeIds } });
    },
  });
}

const input = (type: string, person: string) => screen.getByRole('textbox', { name: `${type} hours for ${person}` });
const switches = (fetch: ReturnType<typeof server>) =>
  fetch.mock.calls.filter(([url]) => String(url).includes('switch-pto-plan')).map(([, init]) => bodyOf(init as RequestInit) as SwitchBody);
const allocationCalls = (fetch: ReturnType<typeof server>) => fetch.mock.calls.filter(([url]) => String(url).includes('/pto-manage/allocation')).map(([url]) => String(url));

describe('PTO Allocation (/admin/manage/batch-pto)', () => {
  afterEach(() => vi.restoreAllMocks());

  it("lists everyone with their plan, a field per type of it prefilled in hours, '—' elsewhere", async () => {
    server(PEOPLE);
    renderWithApp(<PtoAllocationScreen />, { path: '/admin/manage/batch-pto' });
    expect(await screen.findByRole('heading', { level: 1, name: 'PTO Allocation' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('allocation-row');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('Emma Brooks');
    expect(rows[0]).toHaveTextContent('Producer');
    expect(rows[0]).toHaveTextContent('Standard');
    expect(input('Sick', 'Emma Brooks')).toHaveValue('12');
    expect(input('Vacation', 'Emma Brooks')).toHaveValue('');
    // 750 minutes are 12.5 hours: shown as stored.
    expect(input('Vacation', 'Mia Dunn')).toHaveValue('12.50');
    expect(within(rows[2]!).queryByRole('textbox', { name: /^Sick/ })).toBeNull();
    expect(rows[2]).toHaveTextContent('—');
    // No plan: no fields, a way to set one up.
    expect(within(rows[1]!).queryByRole('textbox')).toBeNull();
    expect(rows[1]).toHaveTextContent('No PTO plan');
    expect(within(rows[1]!).getByRole('link', { name: 'Set up PTO for Liam Carter' })).toHaveAttribute('href', '/admin/manage/view-user/10');
    expect(screen.getByRole('columnheader', { name: 'Sick (hrs)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Year', { selector: 'input' })).toHaveValue('2026');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/admin/manage');
    expect(document.title).toBe('PTO Allocation | Timekeep');
  });

  it('takes digits only', async () => {
    server(PEOPLE);
    renderWithApp(<PtoAllocationScreen />, { path: '/admin/manage/batch-pto' });
    const user = userEvent.setup();
    const vacation = await screen.findByRole('textbox', { name: 'Vacation hours for Emma Brooks' });
    await user.type(vacation, 'x');
    expect(vacation).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(vacation, '1a2.-5');
    expect(vacation).toHaveValue('125');
    await user.clear(vacation);
    expect(vacation).toHaveValue('');
    await user.click(vacation);
    await user.paste('7.5');
    expect(vacation).toHaveValue('');
    // A stored value with decimals keeps its point, but none is typed anew.
    const mia = input('Vacation', 'Mia Dunn');
    await user.type(mia, '{backspace}');
    expect(mia).toHaveValue('12.5');
    await user.type(mia, '.e');
    expect(mia).toHaveValue('12.5');
  });

  it("saves only the changed fields, once per plan, then shows what is stored and 'PTO information has been saved.'", async () => {
    const shown = vi.spyOn(notifications, 'show');
    const fetch = server(PEOPLE);
    renderWithApp(<PtoAllocationScreen />, { path: '/admin/manage/batch-pto' });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Vacation hours for Emma Brooks' }), '30');
    const noah = input('Sick', 'Noah Evans');
    await user.type(noah, '8');
    const mia = input('Vacation', 'Mia Dunn');
    await user.clear(mia);
    await user.type(mia, '40');
    // Emptied: keeps its balance, not sent.
    await user.clear(input('Sick', 'Emma Brooks'));
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(shown).toHaveBeenCalledWith(expect.objectContaining({ message: 'PTO information has been saved.' })));
    expect(switches(fetch)).toEqual([
      {
        ptoPolicyId: 3,
        year: 2026,
        employeeIds: [9, 12],
        startingBalances: [
          { employeeId: 9, ptoTypeId: 2, startingBalance: '30' },
          { employeeId: 12, ptoTypeId: 1, startingBalance: '8' },
        ],
      },
      { ptoPolicyId: 4, year: 2026, employeeIds: [11], startingBalances: [{ employeeId: 11, ptoTypeId: 2, startingBalance: '40' }] },
    ]);
    // Fetched again: the stored values, the emptied field's too.
    await waitFor(() => expect(input('Sick', 'Emma Brooks')).toHaveValue('12'));
    expect(allocationCalls(fetch).length).toBeGreaterThanOrEqual(2);
    expect(input('Vacation', 'Emma Brooks')).toHaveValue('30');
    expect(input('Vacation', 'Mia Dunn')).toHaveValue('40');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("puts the server's field messages under their fields, keeping what another plan saved", async () => {
    const shown = vi.spyOn(notifications, 'show');
    const message = 'Please input a number of hours, e.g. 12.5';
    const fetch = server(PEOPLE, (body) =>
      body.ptoPolicyId === 3
        ? response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'Invalid input', errors: { 'startingBalances[1].startingBalance': [message] } } })
        : null,
    );
    renderWithApp(<PtoAllocationScreen />, { path: '/admin/manage/batch-pto' });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Vacation hours for Emma Brooks' }), '30');
    await user.type(input('Sick', 'Noah Evans'), '99999999999');
    await user.clear(input('Vacation', 'Mia Dunn'));
    await user.type(input('Vacation', 'Mia Dunn'), '20');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const noah = input('Sick', 'Noah Evans');
    await waitFor(() => expect(noah).toHaveAccessibleDescription(message));
    expect(input('Vacation', 'Emma Brooks')).not.toHaveAccessibleDescription(message);
    expect(noah).toHaveValue('99999999999');
    // Plan 4 went through: its field shows what is stored now.
    await waitFor(() => expect(allocationCalls(fetch)).toHaveLength(2));
    expect(input('Vacation', 'Mia Dunn')).toHaveValue('20');
    expect(switches(fetch)).toHaveLength(2);
    expect(shown).not.toHaveBeenCalled();
    // Typing in the field clears its message.
    await user.type(noah, '{backspace}');
    expect(noah).not.toHaveAccessibleDescription(message);
  });

  it('shows next year when chosen, letting go of what was typed', async () => {
    const fetch = server(PEOPLE);
    renderWithApp(<PtoAllocationScreen />, { path: '/admin/manage/batch-pto' });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Vacation hours for Emma Brooks' }), '30');
    await user.click(screen.getByLabelText('Year', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: '2027' }));
    await waitFor(() => expect(screen.getAllByTestId('allocation-row')).toHaveLength(1));
    expect(input('Sick', 'Emma Brooks')).toHaveValue('8');
    expect(screen.queryByRole('textbox', { name: 'Vacation hours for Emma Brooks' })).toBeNull();
    expect(allocationCalls(fetch).at(-1)).toContain('year=2027');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("says 'Gasp! It's Empty!' without active employees", async () => {
    server([]);
    renderWithApp(<PtoAllocationScreen />, { path: '/admin/manage/batch-pto' });
    expect(await screen.findByTestId('allocation-empty')).toHaveTextContent("Gasp! It's Empty!");
  });

  it('stacks cards with labelled fields on a phone', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width: 767px') })) as typeof window.matchMedia;
    try {
      server(PEOPLE);
      renderWithApp(<PtoAllocationScreen />, { path: '/admin/manage/batch-pto' });
      const cards = await screen.findByTestId('allocation-cards');
      expect(screen.queryByTestId('allocation-table')).toBeNull();
      expect(within(cards).getAllByTestId('allocation-row')).toHaveLength(4);
      expect(input('Sick', 'Emma Brooks')).toHaveValue('12');
      expect(within(within(cards).getAllByTestId('allocation-row')[0]!).getByText('Sick hours')).toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });
});
