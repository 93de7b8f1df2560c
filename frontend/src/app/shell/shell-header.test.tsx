import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { sessionStore } from '@/lib/session';
import { mockFetch, response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

const idle = {
  status: 0,
  minutes: 0,
  trackingNumber: null,
  weekMinutes: 0,
  mobileClockInDisabled: false,
  dayStartAt: null,
  clockInAllowedNow: true,
  shiftStart: null,
  breakStart: null,
  serverTime: new Date().toISOString(),
  errors: [],
};

const server = {
  'GET /auth/login-data': () => response({ json: { identity: {}, companyName: 'Acme Insurance', companyId: 1 } }),
  'GET /clock/status': () => response({ json: idle }),
  'POST /clock/start': () => response({ json: { ...idle, status: 1, trackingNumber: 41 } }),
};

describe('the keyboard in the shell', () => {
  afterEach(() => sessionStore.clear());

  it("reaches the clock's button from the page's start in two Tabs and an Enter, and keeps it after the press", async () => {
    const fetch = mockFetch(server);
    sessionStore.setToken(fakeToken({ roles: ['employee'], firstname: 'Emma' }));
    renderRoutes(routes, '/clockin');
    const clockIn = await screen.findByRole('button', { name: 'Clock In' });
    const user = userEvent.setup();

    // The page's own 'Skip to content', then the shell's first stop.
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
    await user.tab();
    const skip = within(screen.getByRole('banner')).getByRole('link', { name: 'Skip to the clock' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', `#${clockIn.id}`);
    await user.keyboard('{Enter}');
    expect(clockIn).toHaveFocus();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/clock/start'))).toBe(true));
    const clockOut = await screen.findByRole('button', { name: 'Clock Out' });
    await waitFor(() => expect(clockOut).toHaveFocus());
  });

  it('offers the clock link only where the clock is', async () => {
    mockFetch(server);
    sessionStore.setToken(fakeToken({ roles: ['employee'] }));
    renderRoutes(routes, '/timesheet');
    const banner = await screen.findByRole('banner');
    await screen.findByTestId('account-menu');
    expect(within(banner).queryByRole('link', { name: 'Skip to the clock' })).toBeNull();
  });
});
