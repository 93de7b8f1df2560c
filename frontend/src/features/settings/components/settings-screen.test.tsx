import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RULE_CHANGE_INFO } from '@/features/pto/api/rules';
import { hrServer } from '@/features/hr/testing/hr-server';
import { ptoManageServer } from '@/features/pto/testing/pto-manage-server';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { SettingsScreen } from './settings-screen';

type Role = { id: number; name: string; active: boolean };

const TIME = { dayStartAt: null, mobileClockInDisabled: false, payCycle: 'biweekly', payCycleAnchor: '2026-01-04', weeklyOvertimeMinutes: 2400 };

function server(initial: Role[]) {
  let roles = [...initial];
  const fetch = mockFetch({
    'GET /settings/data': () => response({ json: { settings: TIME, jobroles: roles, ptotypes: [] } }),
    'POST /settings/update-role-type': (init) => {
      const { id, name } = bodyOf(init) as { id?: number; name: string };
      if (roles.some((r) => r.name === name && r.id !== id)) {
        return response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'x', errors: { name: ['This name is already used'] } } });
      }
      const saved = id ? { ...roles.find((r) => r.id === id)!, name } : { id: 99, name, active: true };
      roles = id ? roles.map((r) => (r.id === id ? saved : r)) : [...roles, saved];
      return response({ json: saved });
    },
    'POST /settings/inactive-role-type': ({ url }) => {
      const id = Number(new URL(url, 'http://x').searchParams.get('id'));
      roles = roles.map((r) => (r.id === id ? { ...r, active: false } : r));
      return response({ json: roles.find((r) => r.id === id) });
    },
  });
  return fetch;
}

const calls = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls.filter(([url]) => String(url).startsWith(`/server/v1${path}`)).map(([url, init]) => ({ url: String(url), init: init as RequestInit }));

describe('Settings, Job Roles (/admin/manage/settings?tab=4)', () => {
  it('lists active and inactive roles', async () => {
    server([
      { id: 2, name: 'Producer', active: true },
      { id: 4, name: 'Retired', active: false },
    ]);
    renderWithApp(<SettingsScreen />, { path: '/admin/manage/settings?tab=4' });
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Job Roles', selected: true })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('job-role');
    expect(rows[0]).toHaveTextContent('Producer');
    expect(rows[0]).toHaveTextContent('Active');
    expect(rows[1]).toHaveTextContent('Retired');
    expect(rows[1]).toHaveTextContent('Inactive');
    expect(within(rows[1]!).queryByRole('button', { name: /inactive/i })).toBeNull();
    expect(document.title).toBe('Settings | Timekeep');
  });

  it("adds a role, asking for a name first and showing the server's refusal on the field", async () => {
    const fetch = server([{ id: 2, name: 'Producer', active: true }]);
    renderWithApp(<SettingsScreen />, { path: '/admin/manage/settings?tab=4' });
    await screen.findAllByTestId('job-role');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please input the Name')).toBeInTheDocument();
    expect(calls(fetch, '/settings/update-role-type')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'New job role' }), 'Producer');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('This name is already used')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'New job role' }));
    await user.type(screen.getByRole('textbox', { name: 'New job role' }), 'Account Manager');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getAllByTestId('job-role')).toHaveLength(2));
    expect(screen.getAllByTestId('job-role')[1]).toHaveTextContent('Account Manager');
    expect(bodyOf(calls(fetch, '/settings/update-role-type')[1]!.init)).toEqual({ name: 'Account Manager' });
    expect(screen.getByRole('textbox', { name: 'New job role' })).toHaveValue('');
  });

  it('renames a role inline and makes one inactive after the confirmation', async () => {
    const fetch = server([{ id: 2, name: 'Producer', active: true }]);
    renderWithApp(<SettingsScreen />, { path: '/admin/manage/settings?tab=4' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rename Producer' }));
    const input = screen.getByRole('textbox', { name: 'New name for Producer' });
    await user.clear(input);
    await user.type(input, 'Senior Producer');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('job-role')).toHaveTextContent('Senior Producer'));
    expect(bodyOf(calls(fetch, '/settings/update-role-type')[0]!.init)).toEqual({ id: 2, name: 'Senior Producer' });

    await user.click(screen.getByRole('button', { name: 'Make Inactive: Senior Producer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make Inactive' }));
    await waitFor(() => expect(screen.getByTestId('job-role')).toHaveTextContent('Inactive'));
    const post = calls(fetch, '/settings/inactive-role-type')[0]!;
    expect(post.url).toBe('/server/v1/settings/inactive-role-type?id=2');
    expect(post.init.method).toBe('POST');
  });

  it("offers a way back when a screen sent the user here (return=)", async () => {
    server([]);
    renderWithApp(<SettingsScreen />, { path: '/admin/manage/settings?tab=4&return=%2Fadmin%2Fmanage' });
    expect(await screen.findByTestId('job-roles-empty')).toHaveTextContent('There is no job role yet');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/admin/manage');
  });
});

describe('Settings, Time & Overtime (/admin/manage/settings?tab=1)', () => {
  it('is the tab Settings opens on when the address names none: the first of the row', async () => {
    mockFetch({ 'GET /settings/data': () => response({ json: { settings: TIME, jobroles: [], ptotypes: [] } }) });
    renderWithApp(<SettingsScreen canEditTime />, { path: '/admin/manage/settings' });
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs[0]).toHaveTextContent('Time & Overtime');
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByLabelText(/Overtime after/)).toBeInTheDocument();
  });

  it('shows the overtime threshold in hours and saves it in minutes', async () => {
    let saved: unknown = null;
    const fetch = mockFetch({
      'GET /settings/data': () => response({ json: { settings: TIME, jobroles: [], ptotypes: [] } }),
      'POST /settings/update': (init) => {
        saved = bodyOf(init);
        return response({ json: { settings: { ...TIME, weeklyOvertimeMinutes: 2100 }, jobroles: [], ptotypes: [] } });
      },
    });
    renderWithApp(<SettingsScreen canEditTime />, { path: '/admin/manage/settings?tab=1' });
    const hours = await screen.findByLabelText(/Overtime after/);
    expect(hours).toHaveValue('40');
    const user = userEvent.setup();
    await user.clear(hours);
    await user.type(hours, '35');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The time settings have been saved.')).toBeInTheDocument();
    expect(saved).toMatchObject({ weeklyOvertimeMinutes: 2100, payCycle: 'biweekly', dayStartAt: '' });
    // The overtime e-mails are saved by their own switch, never with the form.
    expect(saved).not.toHaveProperty('overtimeAlertEmails');
    expect(calls(fetch, '/settings/update')).toHaveLength(1);
  });

  it('saves the overtime e-mails at once from the overtime rules, and the Save of the form leaves them be', async () => {
    let settings: Record<string, unknown> = { ...TIME, overtimeAlertEmails: false };
    const fetch = mockFetch({
      'GET /settings/data': () => response({ json: { settings, jobroles: [], ptotypes: [] } }),
      'POST /settings/update': (init) => {
        settings = { ...settings, ...(bodyOf(init) as Record<string, unknown>) };
        return response({ json: { settings, jobroles: [], ptotypes: [] } });
      },
    });
    renderWithApp(<SettingsScreen canEditTime />, { path: '/admin/manage/settings?tab=1' });
    const section = await screen.findByTestId('overtime-rules');
    const toggle = await within(section).findByRole('switch', { name: /E-mail managers when someone is in overtime or will be by their usual end/ });
    expect(toggle).not.toBeChecked();
    const user = userEvent.setup();
    await user.click(toggle);
    expect(await within(section).findByText('Overtime e-mails are on.')).toBeInTheDocument();
    expect(calls(fetch, '/settings/update').map((call) => call.init.body)).toEqual(['{"overtimeAlertEmails":true}']);
    await waitFor(() => expect(within(section).getByTestId('overtime-alert-emails')).toBeChecked());

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The time settings have been saved.')).toBeInTheDocument();
    expect(bodyOf(calls(fetch, '/settings/update')[1]!.init)).not.toHaveProperty('overtimeAlertEmails');
    expect(settings.overtimeAlertEmails).toBe(true);
    expect(within(section).getByTestId('overtime-alert-emails')).toBeChecked();
  });

  it('shows the day the pay cycle starts on MM/DD/YYYY and sends it YYYY-MM-DD (issue 36)', async () => {
    let saved: unknown = null;
    mockFetch({
      'GET /settings/data': () => response({ json: { settings: TIME, jobroles: [], ptotypes: [] } }),
      'POST /settings/update': (init) => {
        saved = bodyOf(init);
        return response({ json: { settings: TIME, jobroles: [], ptotypes: [] } });
      },
    });
    renderWithApp(<SettingsScreen canEditTime />, { path: '/admin/manage/settings?tab=1' });
    const anchor = await screen.findByRole('textbox', { name: 'A day the pay cycle starts on' });
    expect(anchor).toHaveValue('01/04/2026');
    const user = userEvent.setup();
    await user.clear(anchor);
    await user.type(anchor, '02/01/2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The time settings have been saved.')).toBeInTheDocument();
    expect(saved).toMatchObject({ payCycleAnchor: '2026-02-01' });
  });

  it("puts the server's message on the field it names", async () => {
    mockFetch({
      'GET /settings/data': () => response({ json: { settings: TIME, jobroles: [], ptotypes: [] } }),
      'POST /settings/update': () =>
        response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'x', errors: { payCycleAnchor: ['Please enter a date as YYYY-MM-DD'] } } }),
    });
    renderWithApp(<SettingsScreen canEditTime />, { path: '/admin/manage/settings?tab=1' });
    await screen.findByLabelText(/Overtime after/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a date as YYYY-MM-DD')).toBeInTheDocument();
  });

  it('keeps press positions for the days chosen, 1 to 3650, 90 unless the company chose (issue 40)', async () => {
    const saved: unknown[] = [];
    mockFetch({
      'GET /settings/data': () => response({ json: { settings: TIME, jobroles: [], ptotypes: [] } }),
      'POST /settings/update': (init) => {
        saved.push(bodyOf(init));
        return response({ json: { settings: { ...TIME, positionRetentionDays: 30 }, jobroles: [], ptotypes: [] } });
      },
    });
    renderWithApp(<SettingsScreen canEditTime />, { path: '/admin/manage/settings?tab=1' });
    const days = await screen.findByRole('textbox', { name: 'Keep press positions for (days)' });
    expect(days).toHaveValue('90');
    expect(days).toHaveAccessibleDescription('After this, only whether a press was inside its location is kept.');
    const user = userEvent.setup();
    await user.clear(days);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter between 1 and 3650 days')).toBeInTheDocument();
    expect(saved).toHaveLength(0);

    await user.type(days, '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The time settings have been saved.')).toBeInTheDocument();
    expect(saved[0]).toMatchObject({ positionRetentionDays: 30, weeklyOvertimeMinutes: 2400 });
  });

  it('closes forgotten shifts after the hours chosen, 14 unless the company chose, and shows the server\'s refusal (issue 40)', async () => {
    const saved: unknown[] = [];
    mockFetch({
      'GET /settings/data': () => response({ json: { settings: TIME, jobroles: [], ptotypes: [] } }),
      'POST /settings/update': (init) => {
        saved.push(bodyOf(init));
        return saved.length === 1
          ? response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'x', errors: { maxShiftMinutes: ['Please enter a longest shift between 4 and 24 hours (240 to 1440 minutes)'] } } })
          : response({ json: { settings: { ...TIME, maxShiftMinutes: 720 }, jobroles: [], ptotypes: [] } });
      },
    });
    renderWithApp(<SettingsScreen canEditTime />, { path: '/admin/manage/settings?tab=1' });
    const hours = await screen.findByRole('textbox', { name: 'Close a forgotten shift after (hours)' });
    expect(hours).toHaveValue('14');
    const user = userEvent.setup();
    await user.clear(hours);
    await user.type(hours, '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a longest shift between 4 and 24 hours (240 to 1440 minutes)')).toBeInTheDocument();
    expect(hours).toHaveAttribute('aria-invalid', 'true');
    expect(saved[0]).toMatchObject({ maxShiftMinutes: 720 });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The time settings have been saved.')).toBeInTheDocument();
    expect(saved[1]).toMatchObject({ maxShiftMinutes: 720 });
  });

  it('closes pay periods by themselves and reminds people still clocked in after the counts typed, and shows the server\'s refusals (issue 40)', async () => {
    const saved: Record<string, unknown>[] = [];
    mockFetch({
      'GET /settings/data': () => response({ json: { settings: TIME, jobroles: [], ptotypes: [] } }),
      'POST /settings/update': (init) => {
        saved.push(bodyOf(init) as Record<string, unknown>);
        return saved.length === 1
          ? response({
              status: 400,
              statusText: 'Bad Request',
              json: {
                code: 'validation',
                message: 'x',
                errors: {
                  autoLockDays: ['Please enter between 1 and 60 days, or 0 to close pay periods by hand'],
                  endReminderMinutes: ['Please enter between 5 and 720 minutes, or 0 for no reminder'],
                },
              },
            })
          : response({ json: { settings: { ...TIME, autoLockDays: 3, endReminderMinutes: 30 }, jobroles: [], ptotypes: [] } });
      },
    });
    renderWithApp(<SettingsScreen canEditTime />, { path: '/admin/manage/settings?tab=1' });
    const days = await screen.findByRole('textbox', { name: 'Close pay periods automatically (days after they end)' });
    const minutes = screen.getByRole('textbox', { name: 'Remind people still clocked in after their usual end (minutes)' });
    // Off unless the company chose: empty.
    expect(days).toHaveValue('');
    expect(minutes).toHaveValue('');
    expect(days).toHaveAccessibleDescription(expect.stringContaining('Empty or 0: an admin closes each pay period by hand'));
    expect(minutes).toHaveAccessibleDescription(expect.stringContaining('Empty or 0: no reminder'));

    const user = userEvent.setup();
    // Saving other settings leaves them as the server has them.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter between 1 and 60 days, or 0 to close pay periods by hand')).toBeInTheDocument();
    expect(saved[0]).not.toHaveProperty('autoLockDays');
    expect(saved[0]).not.toHaveProperty('endReminderMinutes');
    expect(screen.getByText('Please enter between 5 and 720 minutes, or 0 for no reminder')).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(minutes).toHaveAttribute('aria-invalid', 'true');

    await user.type(days, '3');
    await user.type(minutes, '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The time settings have been saved.')).toBeInTheDocument();
    expect(saved[1]).toMatchObject({ autoLockDays: 3, endReminderMinutes: 30, weeklyOvertimeMinutes: 2400 });
    expect(days).not.toHaveAttribute('aria-invalid', 'true');

    // Emptied: sent as 0, off.
    await user.clear(days);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(saved[2]).toMatchObject({ autoLockDays: 0 });
    expect(saved[2]).not.toHaveProperty('endReminderMinutes');
  });

  it(
    'shows the days and minutes the company chose, and leaves them as they are when not changed (issue 40)',
    async () => {
      const saved: Record<string, unknown>[] = [];
      const settings = { ...TIME, autoLockDays: 5, endReminderMinutes: 45 };
      mockFetch({
        'GET /settings/data': () => response({ json: { settings, jobroles: [], ptotypes: [] } }),
        'POST /settings/update': (init) => {
          saved.push(bodyOf(init) as Record<string, unknown>);
          return response({ json: { settings, jobroles: [], ptotypes: [] } });
        },
      });
      renderWithApp(<SettingsScreen canEditTime />, { path: '/admin/manage/settings?tab=1' });
      expect(await screen.findByRole('textbox', { name: 'Close pay periods automatically (days after they end)' })).toHaveValue('5');
      expect(screen.getByRole('textbox', { name: 'Remind people still clocked in after their usual end (minutes)' })).toHaveValue('45');
      await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('The time settings have been saved.')).toBeInTheDocument();
      expect(saved[0]).not.toHaveProperty('autoLockDays');
      expect(saved[0]).not.toHaveProperty('endReminderMinutes');
    },
  );

  it("puts the server's refusal of the retention on its field", async () => {
    mockFetch({
      'GET /settings/data': () => response({ json: { settings: { ...TIME, positionRetentionDays: 365 }, jobroles: [], ptotypes: [] } }),
      'POST /settings/update': () =>
        response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'x', errors: { positionRetentionDays: ['Please enter between 1 and 3650 days'] } } }),
    });
    renderWithApp(<SettingsScreen canEditTime />, { path: '/admin/manage/settings?tab=1' });
    const days = await screen.findByRole('textbox', { name: 'Keep press positions for (days)' });
    expect(days).toHaveValue('365');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter between 1 and 3650 days')).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the overtime rules by jurisdiction below the time settings (issue 37)', async () => {
    mockFetch({
      'GET /settings/data': () => response({ json: { settings: TIME, jobroles: [], ptotypes: [] } }),
      'GET /settings/overtime': () =>
        response({
          json: {
            ruleSets: [{ id: 'us-ca', name: 'California', summary: 'Daily overtime.', citation: 'Cal. Lab. Code § 510', sources: [], effectiveFrom: '2000-01-01', effectiveTo: null }],
            current: { effectiveFrom: '-262143-01-01', jurisdiction: 'custom', workweekFirstDay: 0, workdayStartHour: 0, weeklyMinutes: 2400, dailyOvertimeMinutes: null, dailyDoubleMinutes: null, overtimePercent: 150, doublePercent: 200 },
            versions: [],
          },
        }),
    });
    renderWithApp(<SettingsScreen canEditTime />, { path: '/admin/manage/settings?tab=1' });
    const panel = screen.getByRole('tabpanel', { name: 'Time & Overtime' });
    const section = await within(panel).findByTestId('overtime-rules');
    expect(await within(section).findByLabelText('Overtime rules', { selector: 'input' })).toHaveValue('Company rules (custom)');
    expect(within(section).getByRole('button', { name: 'Save overtime rules' })).toBeInTheDocument();
    expect(within(panel).getByLabelText(/Overtime after/)).toBeInTheDocument();
  });

  it('shows a manager the settings without a way to change them', async () => {
    mockFetch({ 'GET /settings/data': () => response({ json: { settings: TIME, jobroles: [], ptotypes: [] } }) });
    renderWithApp(<SettingsScreen />, { path: '/admin/manage/settings?tab=1' });
    expect(await screen.findByText('Only a company admin can change these settings.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(screen.getByRole('tablist')).getByRole('tab', { name: 'Time & Overtime', selected: true })).toBeInTheDocument();
    expect(await screen.findByTestId('overtime-alert-emails')).toBeDisabled();
  });
});

describe('Settings, Work Locations (tab 8, issue 40)', () => {
  const location = {
    id: 1,
    name: 'Main Office',
    timeZone: 'America/New_York',
    address: null,
    latitude: 40.7,
    longitude: -74,
    radiusM: 150,
    geofenceMode: 'flag',
    ipAllow: [],
    ipMode: 'flag',
    people: [9],
    createdAt: '2026-11-01T12:00:00Z',
  };

  it('lists the locations on ?tab=8, with a way to add one for admins', async () => {
    mockFetch({ 'GET /locations': () => response({ json: [location] }) });
    renderWithApp(<SettingsScreen canEditLocations />, { path: '/admin/manage/settings?tab=8' });
    expect(screen.getByRole('tab', { name: 'Work Locations', selected: true })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel', { name: 'Work Locations' });
    expect(await within(panel).findByTestId('work-location')).toHaveTextContent('Main Office');
    expect(within(panel).getByRole('button', { name: 'Add location' })).toBeInTheDocument();
  });

  it('shows a manager the locations without a way to change them, and asks for them only once the tab is open', async () => {
    const fetch = mockFetch({
      'GET /settings/data': () => response({ json: { settings: TIME, jobroles: [], ptotypes: [] } }),
      'GET /locations': () => response({ json: [location] }),
    });
    renderWithApp(<SettingsScreen />, { path: '/admin/manage/settings?tab=1' });
    await screen.findByLabelText(/Overtime after/);
    expect(calls(fetch, '/locations')).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Work Locations' }));
    const panel = screen.getByRole('tabpanel', { name: 'Work Locations' });
    expect(await within(panel).findByTestId('work-location')).toHaveTextContent('Main Office');
    expect(within(panel).queryByRole('button')).toBeNull();
  });
});

describe('Settings, PTO Plans (tab 3) and PTO Rules (tab 7)', () => {
  const settingsData = { 'GET /settings/data': () => response({ json: { settings: TIME, jobroles: [], ptotypes: [] } }) };

  it('shows the plans as cards on ?tab=3, with Edit and Delete for admins', async () => {
    ptoManageServer({ extra: settingsData });
    renderWithApp(<SettingsScreen canEditPto />, { path: '/admin/manage/settings?tab=3' });
    expect(screen.getByRole('tab', { name: 'PTO Plans', selected: true })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('pto-plan');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Standard');
    expect(cards[0]).toHaveTextContent('2026: 2 enrolled');
    expect(screen.getByRole('button', { name: 'Edit Standard' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+ Create New PTO Plan' })).toBeInTheDocument();
  });

  it('lists the rules by plan on ?tab=7, and the tab is reached from the tab list', async () => {
    ptoManageServer({ extra: settingsData });
    const { router } = renderWithApp(<SettingsScreen canEditPto />, { path: '/admin/manage/settings?tab=3' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'PTO Rules' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=7'));
    const panel = screen.getByRole('tabpanel', { name: 'PTO Rules' });
    expect(await within(panel).findByRole('heading', { level: 3, name: 'Standard' })).toBeInTheDocument();
    expect(within(panel).getAllByTestId('pto-rule')).toHaveLength(3);
    expect(within(panel).getByRole('button', { name: 'Edit the Vacation rule of Standard' })).toBeInTheDocument();
    expect(within(panel).getByText(RULE_CHANGE_INFO)).toBeInTheDocument();
  });

  it('shows a manager the plans and rules without a way to change them', async () => {
    ptoManageServer({ extra: settingsData });
    renderWithApp(<SettingsScreen />, { path: '/admin/manage/settings?tab=7' });
    const rules = screen.getByRole('tabpanel', { name: 'PTO Rules' });
    expect(await within(rules).findAllByTestId('pto-rule')).toHaveLength(3);
    expect(within(rules).queryByRole('button')).toBeNull();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'PTO Plans' }));
    const plans = screen.getByRole('tabpanel', { name: 'PTO Plans' });
    expect(await within(plans).findAllByTestId('pto-plan')).toHaveLength(2);
    expect(within(plans).queryByRole('button')).toBeNull();
  });
});

describe('Settings, Document & Event Types (tab 5) and Policy Types (tab 6)', () => {
  it('shows the document and event types on ?tab=5, and the policy types from the tab list (tab 6)', async () => {
    hrServer();
    const { router } = renderWithApp(<SettingsScreen />, { path: '/admin/manage/settings?tab=5&return=%2Fadmin%2Fmanage%2Fview-user%2F9' });
    expect(screen.getByRole('tab', { name: 'Document & Event Types', selected: true })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel', { name: 'Document & Event Types' });
    expect(await within(panel).findByRole('heading', { name: 'Document Types' })).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Event Types' })).toBeInTheDocument();
    expect(await within(panel).findByText('W-4')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/admin/manage/view-user/9');

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Policy Types' }));
    await waitFor(() => expect(router.state.location.search).toContain('tab=6'));
    const policies = screen.getByRole('tabpanel', { name: 'Policy Types' });
    expect(await within(policies).findByText('Conduct')).toBeInTheDocument();
  });

  it('does not ask for the HR types while another tab is open', async () => {
    const fetch = server([]);
    renderWithApp(<SettingsScreen />, { path: '/admin/manage/settings?tab=4' });
    await screen.findByTestId('job-roles-empty');
    expect(screen.queryByTestId('doc-types')).toBeNull();
    expect(screen.queryByTestId('policy-types')).toBeNull();
    expect(calls(fetch, '/settings/data')).toHaveLength(1);
  });
});
