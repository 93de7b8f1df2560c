import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { SettingsScreen } from './settings-screen';

const SETTINGS_DATA = {
  settings: { dayStartAt: null, mobileClockInDisabled: false, payCycle: 'biweekly', payCycleAnchor: '2026-01-04', weeklyOvertimeMinutes: 2400 },
  jobroles: [],
  ptotypes: [],
};

function server() {
  return mockFetch({
    'GET /settings/data': () => response({ json: SETTINGS_DATA }),
    'GET /approvals/setup': () => response({ json: { paths: [], uses: [], fallbackApproverId: null } }),
    'GET /approvals/stand-ins': () => response({ json: [] }),
    'GET /manage/data': () => response({ json: { companyName: 'Acme', jobRoles: [], managers: [], defaultManagerId: null } }),
  });
}

describe('Settings, Approval paths (tab 10) and Out of office (tab 11), issue 41', () => {
  it('gives admins the approval paths on ?tab=10, asked for only once the tab is open', async () => {
    const fetch = server();
    renderWithApp(<SettingsScreen canManageApprovals viewerId={1} />, { path: '/admin/manage/settings?tab=10' });
    expect(screen.getByRole('tab', { name: 'Approval paths', selected: true })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel', { name: 'Approval paths' });
    expect(await within(panel).findByTestId('no-paths')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/server/v1/approvals/stand-ins'))).toBe(false);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Out of office' }));
    expect(await within(screen.getByRole('tabpanel', { name: 'Out of office' })).findByTestId('no-stand-ins')).toBeInTheDocument();
  });

  it('gives managers Out of office with "Add stand-in", and no approval paths', async () => {
    server();
    const { unmount } = renderWithApp(<SettingsScreen viewerId={5} />, { path: '/admin/manage/settings?tab=11' });
    expect(screen.getByRole('tab', { name: 'Out of office', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Approval paths' })).toBeNull();
    const panel = screen.getByRole('tabpanel', { name: 'Out of office' });
    expect(await within(panel).findByRole('button', { name: 'Add stand-in' })).toBeInTheDocument();
    unmount();

    // A manager sent to ?tab=10 lands on the first tab.
    renderWithApp(<SettingsScreen viewerId={5} />, { path: '/admin/manage/settings?tab=10' });
    expect(screen.getByRole('tab', { name: 'Time & Overtime', selected: true })).toBeInTheDocument();
  });
});
