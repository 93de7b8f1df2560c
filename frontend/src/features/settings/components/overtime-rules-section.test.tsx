import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { OvertimeRulesSection, versionText } from './overtime-rules-section';

const RULE_SETS = [
  {
    id: 'us-flsa',
    name: 'Federal (FLSA)',
    summary: 'Overtime after 40 hours in a workweek at 1.5 times the regular rate.',
    citation: '29 U.S.C. § 207',
    sources: ['https://www.dol.gov/agencies/whd/overtime'],
    effectiveFrom: '1938-10-24',
    effectiveTo: null,
  },
  {
    id: 'us-ca',
    name: 'California',
    summary: 'Daily overtime after 8 hours, double time after 12 hours, and weekly overtime after 40 hours.',
    citation: 'Cal. Lab. Code §§ 500, 510; IWC Wage Orders',
    sources: ['https://www.dir.ca.gov/dlse/faq_overtime.htm', 'https://example.com/second'],
    effectiveFrom: '2000-01-01',
    effectiveTo: null,
  },
];

/** The rules of a company that never chose: the time settings' weekly threshold. */
const LEGACY = {
  effectiveFrom: '-262143-01-01',
  jurisdiction: 'custom',
  workweekFirstDay: 0,
  workdayStartHour: 0,
  weeklyMinutes: 2400,
  dailyOvertimeMinutes: null,
  dailyDoubleMinutes: null,
  overtimePercent: 150,
  doublePercent: 200,
};

const CALIFORNIA = {
  ...LEGACY,
  effectiveFrom: '2026-11-01',
  jurisdiction: 'us-ca',
  workweekFirstDay: 1,
  workdayStartHour: 6,
  weeklyMinutes: null,
};

type Version = typeof LEGACY | typeof CALIFORNIA;

const TIME = { dayStartAt: null, mobileClockInDisabled: false, payCycle: 'biweekly', payCycleAnchor: '2026-01-04', weeklyOvertimeMinutes: 2400, overtimeAlertEmails: false };

type Routes = Parameters<typeof mockFetch>[0];

/** GET /settings/data and POST /settings/update: the time settings, with the overtime e-mails; `refusal` answers every change. */
function timeSettings(initial: Partial<typeof TIME> = {}, refusal?: { status: number; message: string }) {
  let settings = { ...TIME, ...initial };
  const updates: unknown[] = [];
  const routes: Routes = {
    'GET /settings/data': () => response({ json: { settings, jobroles: [], ptotypes: [] } }),
    'POST /settings/update': (init) => {
      const body = bodyOf(init) as Partial<typeof TIME>;
      updates.push(body);
      if (refusal) return response({ status: refusal.status, statusText: 'Forbidden', json: { code: 'forbidden', message: refusal.message, errors: {} } });
      settings = { ...settings, ...body };
      return response({ json: { settings, jobroles: [], ptotypes: [] } });
    },
  };
  return { routes, updates };
}

function server(initial: { current: Version; versions: Version[] }, extra: Routes = timeSettings().routes) {
  let state = { ruleSets: RULE_SETS, ...initial };
  const posts: unknown[] = [];
  const fetch = mockFetch({
    ...extra,
    'GET /settings/overtime': () => response({ json: state }),
    'POST /settings/update-overtime': (init) => {
      const body = bodyOf(init) as Record<string, unknown>;
      posts.push(body);
      if (body.effectiveFrom === '2020-01-01') {
        return response({
          status: 400,
          statusText: 'Bad Request',
          json: { code: 'validation', message: 'x', errors: { effectiveFrom: ['The rules cannot start before the company was created'] } },
        });
      }
      const version = { ...LEGACY, weeklyMinutes: null, ...body } as Version;
      state = { ...state, current: version, versions: [...state.versions, version] };
      return response({ json: state });
    },
  });
  return { fetch, posts };
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByLabelText(label, { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Overtime rules (Settings, Time & Overtime)', () => {
  it('offers the rule sets of GET /settings/overtime and explains the chosen one', async () => {
    server({ current: CALIFORNIA, versions: [{ ...CALIFORNIA, jurisdiction: 'us-flsa', effectiveFrom: '2026-01-04', workweekFirstDay: 0, workdayStartHour: 0 }, CALIFORNIA] });
    renderWithApp(<OvertimeRulesSection canEdit />);
    const section = await screen.findByTestId('overtime-rules');
    const select = await within(section).findByLabelText('Overtime rules', { selector: 'input' });
    expect(select).toHaveValue('California');
    expect(within(section).getByText(RULE_SETS[1]!.summary)).toBeInTheDocument();
    expect(within(section).getByText('Citation: Cal. Lab. Code §§ 500, 510; IWC Wage Orders')).toBeInTheDocument();
    const source = within(section).getByRole('link', { name: 'Read the source' });
    expect(source).toHaveAttribute('href', 'https://www.dir.ca.gov/dlse/faq_overtime.htm');
    expect(source).toHaveAttribute('target', '_blank');
    expect(source).toHaveAttribute('rel', 'noreferrer');
    expect(screen.getByLabelText('Workweek starts on', { selector: 'input' })).toHaveValue('Monday');
    expect(screen.getByLabelText('Workday starts at', { selector: 'input' })).toHaveValue('6:00 AM');
    // No custom figures for a jurisdiction's rules.
    expect(screen.queryByRole('textbox', { name: 'Weekly overtime after (hours)' })).toBeNull();

    const user = userEvent.setup();
    await user.click(select);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Federal (FLSA)', 'California', 'Company rules (custom)']);

    // The history, newest first.
    expect(within(section).getAllByTestId('overtime-version').map((v) => v.textContent)).toEqual([
      'From 11/01/2026: California (week from Monday, workday from 6:00 AM)',
      'From 01/04/2026: Federal (FLSA) (week from Sunday, workday from 12:00 AM)',
    ]);
    expect(within(section).queryByText('Weekly overtime from the time settings applies (federal rule).')).toBeNull();
  });

  it("starts a company that never chose from the time settings' weekly threshold, and says so", async () => {
    server({ current: LEGACY, versions: [] });
    renderWithApp(<OvertimeRulesSection canEdit />);
    expect(await screen.findByLabelText('Overtime rules', { selector: 'input' })).toHaveValue('Company rules (custom)');
    expect(screen.getByRole('textbox', { name: 'Weekly overtime after (hours)' })).toHaveValue('40');
    expect(screen.getByRole('textbox', { name: 'Overtime multiplier' })).toHaveValue('1.5');
    expect(screen.getByTestId('overtime-no-versions')).toHaveTextContent('Weekly overtime from the time settings applies (federal rule).');
    expect(screen.queryAllByTestId('overtime-version')).toHaveLength(0);
    expect(versionText(LEGACY, RULE_SETS)).toBe('Always: Company rules (custom) (week from Sunday, workday from 12:00 AM)');
  });

  it('shows the hour fields for the company rules and saves them in minutes and percents', async () => {
    const { posts } = server({ current: CALIFORNIA, versions: [CALIFORNIA] });
    renderWithApp(<OvertimeRulesSection canEdit />);
    await screen.findByLabelText('Overtime rules', { selector: 'input' });
    const user = userEvent.setup();
    await choose(user, 'Overtime rules', 'Company rules (custom)');

    const weekly = await screen.findByRole('textbox', { name: 'Weekly overtime after (hours)' });
    expect(screen.getByText("Your company's own thresholds: overtime after the hours set below, paid at the multipliers set below.")).toBeInTheDocument();
    expect(screen.queryByText(/^Citation:/)).toBeNull();
    await user.clear(weekly);
    await user.type(weekly, '37.5');
    await user.type(screen.getByRole('textbox', { name: 'Daily overtime after (hours)' }), '8');
    // Double time left empty: none.
    const multiplier = screen.getByRole('textbox', { name: 'Overtime multiplier' });
    await user.clear(multiplier);
    await user.type(multiplier, '1.75');
    const applies = screen.getByRole('textbox', { name: 'Applies from' });
    await user.clear(applies);
    await user.type(applies, '12/06/2026');
    await choose(user, 'Workweek starts on', 'Sunday');
    await choose(user, 'Workday starts at', '12:00 AM');
    await user.click(screen.getByRole('button', { name: 'Save overtime rules' }));

    expect(await screen.findByText('The overtime rules have been saved.')).toBeInTheDocument();
    expect(posts).toEqual([
      {
        effectiveFrom: '2026-12-06',
        jurisdiction: 'custom',
        workweekFirstDay: 0,
        workdayStartHour: 0,
        weeklyMinutes: 2250,
        dailyOvertimeMinutes: 480,
        dailyDoubleMinutes: null,
        overtimePercent: 175,
        doublePercent: 200,
      },
    ]);
    // The answer is the list again: the new version leads the history.
    await waitFor(() => expect(screen.getAllByTestId('overtime-version')[0]).toHaveTextContent('From 12/06/2026: Company rules (custom) (week from Sunday, workday from 12:00 AM)'));
  });

  it("sends a jurisdiction's rules without figures, from the company's today unless told, and puts a refusal on its field", async () => {
    const { posts } = server({ current: LEGACY, versions: [] });
    renderWithApp(<OvertimeRulesSection canEdit />);
    await screen.findByLabelText('Overtime rules', { selector: 'input' });
    const user = userEvent.setup();
    await choose(user, 'Overtime rules', 'California');
    expect(screen.queryByRole('textbox', { name: 'Weekly overtime after (hours)' })).toBeNull();
    const applies = screen.getByRole('textbox', { name: 'Applies from' });
    expect(applies).toHaveValue(new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()));
    await user.clear(applies);
    await user.type(applies, '01/01/2020');
    await user.click(screen.getByRole('button', { name: 'Save overtime rules' }));
    expect(await screen.findByText('The rules cannot start before the company was created')).toBeInTheDocument();
    expect(posts).toEqual([{ effectiveFrom: '2020-01-01', jurisdiction: 'us-ca', workweekFirstDay: 0, workdayStartHour: 0 }]);
  });

  it('shows a manager the rules without a way to change them', async () => {
    const { fetch } = server({ current: CALIFORNIA, versions: [CALIFORNIA] });
    renderWithApp(<OvertimeRulesSection canEdit={false} />);
    expect(await screen.findByLabelText('Overtime rules', { selector: 'input' })).toHaveValue('California');
    expect(screen.getByRole('textbox', { name: 'Applies from' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save overtime rules' })).toBeNull();
    expect(screen.getAllByTestId('overtime-version')).toHaveLength(1);
    expect(await screen.findByTestId('overtime-alert-emails')).toBeDisabled();
    expect(fetch.mock.calls.map(([url]) => String(url)).sort()).toEqual(['/server/v1/settings/data', '/server/v1/settings/overtime']);
  });
});

describe('Overtime e-mails (Settings, Time & Overtime, overtime rules)', () => {
  const emailsSwitch = () => screen.findByRole('switch', { name: /E-mail managers when someone is in overtime or will be by their usual end/ });

  it('shows whether managers are mailed, as GET /settings/data says', async () => {
    server({ current: CALIFORNIA, versions: [CALIFORNIA] }, timeSettings({ overtimeAlertEmails: true }).routes);
    renderWithApp(<OvertimeRulesSection canEdit />);
    const section = await screen.findByTestId('overtime-rules');
    const toggle = await within(section).findByTestId('overtime-alert-emails');
    expect(toggle).toBe(await emailsSwitch());
    expect(toggle).toBeChecked();
    expect(toggle).toBeEnabled();
  });

  it('treats a server that does not send the setting as off', async () => {
    const { routes } = timeSettings();
    server({ current: CALIFORNIA, versions: [CALIFORNIA] }, {
      ...routes,
      'GET /settings/data': () => response({ json: { settings: { ...TIME, overtimeAlertEmails: undefined }, jobroles: [], ptotypes: [] } }),
    });
    renderWithApp(<OvertimeRulesSection canEdit />);
    expect(await emailsSwitch()).not.toBeChecked();
  });

  it('saves a change at once, on its own, and says so', async () => {
    const { routes, updates } = timeSettings();
    const { posts } = server({ current: CALIFORNIA, versions: [CALIFORNIA] }, routes);
    renderWithApp(<OvertimeRulesSection canEdit />);
    const toggle = await emailsSwitch();
    expect(toggle).not.toBeChecked();
    const user = userEvent.setup();
    await user.click(toggle);
    expect(await screen.findByText('Overtime e-mails are on.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Overtime e-mails are on.');
    expect(updates).toEqual([{ overtimeAlertEmails: true }]);
    expect(posts).toEqual([]);
    await waitFor(() => expect(screen.getByTestId('overtime-alert-emails')).toBeEnabled());
    expect(screen.getByTestId('overtime-alert-emails')).toBeChecked();

    await user.click(screen.getByTestId('overtime-alert-emails'));
    expect(await screen.findByText('Overtime e-mails are off.')).toBeInTheDocument();
    expect(screen.queryByText('Overtime e-mails are on.')).toBeNull();
    expect(updates).toEqual([{ overtimeAlertEmails: true }, { overtimeAlertEmails: false }]);
    await waitFor(() => expect(screen.getByTestId('overtime-alert-emails')).not.toBeChecked());
  });

  it("shows the server's refusal and puts the switch back", async () => {
    const { routes, updates } = timeSettings({}, { status: 403, message: 'Only a company admin can change the settings.' });
    server({ current: CALIFORNIA, versions: [CALIFORNIA] }, routes);
    renderWithApp(<OvertimeRulesSection canEdit />);
    const user = userEvent.setup();
    await user.click(await emailsSwitch());
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a company admin can change the settings.');
    expect(updates).toEqual([{ overtimeAlertEmails: true }]);
    await waitFor(() => expect(screen.getByTestId('overtime-alert-emails')).not.toBeChecked());
    expect(screen.getByTestId('overtime-alert-emails')).toBeEnabled();
    expect(screen.queryByText('Overtime e-mails are on.')).toBeNull();
  });
});
