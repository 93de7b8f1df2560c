import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { callsTo } from '../testing/fixtures';
import { PersonOvertimeCard, personVersionText } from './person-overtime-card';

const TIME_ZONE = 'America/New_York';

const RULE_SETS = [
  { id: 'us-flsa', name: 'Federal (FLSA)', summary: '', citation: '', sources: [], effectiveFrom: '1938-10-24', effectiveTo: null },
  { id: 'us-ca', name: 'California', summary: '', citation: '', sources: [], effectiveFrom: '2000-01-01', effectiveTo: null },
  { id: 'us-ak', name: 'Alaska', summary: '', citation: '', sources: [], effectiveFrom: null, effectiveTo: null },
  { id: 'us-nv', name: 'Nevada', summary: '', citation: '', sources: [], effectiveFrom: null, effectiveTo: null },
  { id: 'us-co', name: 'Colorado', summary: '', citation: '', sources: [], effectiveFrom: null, effectiveTo: null },
];

const COMPANY_RULES = {
  ruleSets: RULE_SETS,
  current: {
    effectiveFrom: null,
    jurisdiction: 'us-flsa',
    workweekFirstDay: 0,
    workdayStartHour: 0,
    weeklyMinutes: 2400,
    dailyOvertimeMinutes: null,
    dailyDoubleMinutes: null,
    overtimePercent: 150,
    doublePercent: 200,
  },
  versions: [],
};

interface Version {
  effectiveFrom: string;
  jurisdiction: string | null;
  underWageLine: boolean;
  fourTens: boolean;
}

const CALIFORNIA: Version = { effectiveFrom: '2026-01-05', jurisdiction: 'us-ca', underWageLine: false, fourTens: false };
const NEVADA: Version = { effectiveFrom: '2026-06-01', jurisdiction: 'us-nv', underWageLine: true, fourTens: true };
/** Far ahead: not in force yet. */
const BACK_TO_COMPANY: Version = { effectiveFrom: '2099-01-01', jurisdiction: null, underWageLine: false, fourTens: false };

function server(initial: Version[]) {
  let versions = initial;
  const posts: unknown[] = [];
  const fetch = mockFetch({
    'GET /settings/overtime': () => response({ json: COMPANY_RULES }),
    'GET /settings/employee-overtime': () => response({ json: { employeeId: 9, versions } }),
    'POST /settings/update-employee-overtime': (init) => {
      const body = bodyOf(init) as Version & { employeeId: number };
      posts.push(body);
      if (body.effectiveFrom === '2020-01-01') {
        return response({
          status: 400,
          statusText: 'Bad Request',
          json: { code: 'validation', message: 'x', errors: { effectiveFrom: ['The rules cannot start before the company was created'] } },
        });
      }
      const { effectiveFrom, jurisdiction, underWageLine, fourTens } = body;
      versions = [...versions.filter((v) => v.effectiveFrom !== effectiveFrom), { effectiveFrom, jurisdiction, underWageLine, fourTens }].sort((a, b) =>
        a.effectiveFrom.localeCompare(b.effectiveFrom),
      );
      return response({ json: { employeeId: 9, versions } });
    },
  });
  return { fetch, posts };
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByLabelText(label, { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function typeDate(user: ReturnType<typeof userEvent.setup>, text: string) {
  const applies = screen.getByRole('textbox', { name: 'Applies from' });
  await user.clear(applies);
  await user.type(applies, text);
}

describe("the employee folder's overtime rules card", () => {
  it('shows the rules in force today and the history, newest first', async () => {
    const { fetch } = server([CALIFORNIA, NEVADA, BACK_TO_COMPANY]);
    renderWithApp(<PersonOvertimeCard employeeId={9} canEdit={false} timeZone={TIME_ZONE} />);
    const card = await screen.findByTestId('person-overtime');
    expect(within(card).getByRole('heading', { name: 'Overtime rules' })).toBeInTheDocument();
    const current = await within(card).findByTestId('person-overtime-current');
    expect(within(current).getByText('Nevada rules (works in another state)')).toBeInTheDocument();
    expect(within(current).getByText("Paid under Nevada's daily-overtime wage line")).toBeInTheDocument();
    expect(within(current).getByText('On an agreed 4×10 schedule')).toBeInTheDocument();
    expect(within(card).getAllByTestId('person-overtime-version').map((v) => v.textContent)).toEqual([
      'From 01/01/2099: Company rules',
      'From 06/01/2026: Nevada, under the wage line, 4×10',
      'From 01/05/2026: California',
    ]);
    expect(callsTo(fetch, 'GET', '/settings/employee-overtime')[0]!.url.search).toBe('?id=9');
    expect(personVersionText({ ...NEVADA, fourTens: false }, RULE_SETS)).toBe('From 06/01/2026: Nevada, under the wage line');
  });

  it("says the company's rules apply to someone without rules of their own", async () => {
    server([]);
    renderWithApp(<PersonOvertimeCard employeeId={9} canEdit={false} timeZone={TIME_ZONE} />);
    const current = await screen.findByTestId('person-overtime-current');
    expect(current).toHaveTextContent(/^Company rules$/);
    expect(screen.queryAllByTestId('person-overtime-version')).toHaveLength(0);
  });

  it("lets an admin go back to the company's rules: jurisdiction null, no Nevada flags, from the company's today unless told", async () => {
    const { fetch, posts } = server([CALIFORNIA]);
    renderWithApp(<PersonOvertimeCard employeeId={9} canEdit timeZone={TIME_ZONE} />);
    const select = await screen.findByLabelText('Work-state rules', { selector: 'input' });
    expect(select).toHaveValue('California');
    expect(screen.getByRole('textbox', { name: 'Applies from' })).toHaveValue(
      new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()),
    );
    // The Nevada facts only for Nevada.
    expect(screen.queryByRole('checkbox')).toBeNull();

    const user = userEvent.setup();
    await user.click(select);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Company rules', 'Federal (FLSA)', 'California', 'Alaska', 'Nevada', 'Colorado']);
    await user.click(screen.getByRole('option', { name: 'Company rules' }));
    await typeDate(user, '12/06/2026');
    await user.click(screen.getByRole('button', { name: 'Save overtime rules' }));

    expect(await screen.findByText("The person's overtime rules have been saved.")).toBeInTheDocument();
    expect(posts).toEqual([{ employeeId: 9, effectiveFrom: '2026-12-06', jurisdiction: null, underWageLine: false, fourTens: false }]);
    await waitFor(() =>
      expect(screen.getAllByTestId('person-overtime-version').map((v) => v.textContent)).toEqual(['From 12/06/2026: Company rules', 'From 01/05/2026: California']),
    );
    // Refetched after the save.
    await waitFor(() => expect(callsTo(fetch, 'GET', '/settings/employee-overtime').length).toBeGreaterThanOrEqual(2));
  });

  it("sends Nevada's wage line and 4×10 schedule only for Nevada", async () => {
    const { posts } = server([]);
    renderWithApp(<PersonOvertimeCard employeeId={9} canEdit timeZone={TIME_ZONE} />);
    expect(await screen.findByLabelText('Work-state rules', { selector: 'input' })).toHaveValue('Company rules');
    const user = userEvent.setup();
    await choose(user, 'Work-state rules', 'Nevada');
    await user.click(screen.getByRole('checkbox', { name: "Paid under Nevada's daily-overtime wage line (1.5× the state minimum wage)" }));
    await user.click(screen.getByRole('checkbox', { name: 'On an agreed 4×10 schedule (Nevada)' }));
    await typeDate(user, '11/02/2026');
    await user.click(screen.getByRole('button', { name: 'Save overtime rules' }));
    await screen.findByText("The person's overtime rules have been saved.");
    expect(posts).toEqual([{ employeeId: 9, effectiveFrom: '2026-11-02', jurisdiction: 'us-nv', underWageLine: true, fourTens: true }]);

    // Another state: the boxes go and the flags are sent false.
    await choose(user, 'Work-state rules', 'Colorado');
    expect(screen.queryByRole('checkbox')).toBeNull();
    await typeDate(user, '11/09/2026');
    await user.click(screen.getByRole('button', { name: 'Save overtime rules' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toEqual({ employeeId: 9, effectiveFrom: '2026-11-09', jurisdiction: 'us-co', underWageLine: false, fourTens: false });
  });

  it("puts the server's refusal on its field", async () => {
    const { posts } = server([]);
    renderWithApp(<PersonOvertimeCard employeeId={9} canEdit timeZone={TIME_ZONE} />);
    await screen.findByLabelText('Work-state rules', { selector: 'input' });
    const user = userEvent.setup();
    await choose(user, 'Work-state rules', 'California');
    await typeDate(user, '01/01/2020');
    await user.click(screen.getByRole('button', { name: 'Save overtime rules' }));
    expect(await screen.findByText('The rules cannot start before the company was created')).toBeInTheDocument();
    expect(posts).toEqual([{ employeeId: 9, effectiveFrom: '2020-01-01', jurisdiction: 'us-ca', underWageLine: false, fourTens: false }]);
    expect(screen.queryByText("The person's overtime rules have been saved.")).toBeNull();
  });

  it('shows a manager the rules without a way to change them', async () => {
    const { fetch } = server([CALIFORNIA]);
    renderWithApp(<PersonOvertimeCard employeeId={9} canEdit={false} timeZone={TIME_ZONE} />);
    expect(await screen.findByTestId('person-overtime-current')).toHaveTextContent('California rules (works in another state)');
    expect(screen.getAllByTestId('person-overtime-version')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Save overtime rules' })).toBeNull();
    expect(screen.queryByLabelText('Work-state rules')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Applies from' })).toBeNull();
    expect(callsTo(fetch, 'POST', '/settings/update-employee-overtime')).toHaveLength(0);
  });

  it('says so when the rules cannot be loaded', async () => {
    mockFetch({
      'GET /settings/overtime': () => response({ json: COMPANY_RULES }),
      'GET /settings/employee-overtime': () => response({ status: 500, statusText: 'Server Error', json: { code: 'internal', message: 'x', errors: {} } }),
    });
    renderWithApp(<PersonOvertimeCard employeeId={9} canEdit timeZone={TIME_ZONE} />);
    expect(await screen.findByText("The person's overtime rules could not be loaded.")).toBeInTheDocument();
  });
});
