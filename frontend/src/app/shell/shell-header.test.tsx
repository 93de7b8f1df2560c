import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
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

/** Runs `body` with the screen 767px wide or less (the phone's media query matches). */
async function onAPhone(body: () => Promise<void>) {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width: 767px') })) as typeof window.matchMedia;
  try {
    await body();
  } finally {
    window.matchMedia = original;
  }
}

const calendarServer = { ...server, 'GET /pto/agenda': () => response({ json: { items: [] } }) };

describe("the header's words", () => {
  afterEach(() => sessionStore.clear());

  it("names the page on a phone instead of the greeting, and follows the page's name", () =>
    onAPhone(async () => {
      mockFetch(calendarServer);
      sessionStore.setToken(fakeToken({ roles: ['employee'], firstname: 'Emma' }));
      const { router } = renderRoutes(routes, '/team-calendar');
      const banner = await screen.findByRole('banner');
      await waitFor(() => expect(within(banner).getByTestId('page-name')).toHaveTextContent('Team Calendar'));
      expect(within(banner).queryByTestId('greeting')).toBeNull();

      await act(() => router.navigate('/clockin'));
      await waitFor(() => expect(within(banner).getByTestId('page-name')).toHaveTextContent(/^Clock$/));
    }));

  it('keeps the greeting on a desktop, with no second name of the page', async () => {
    mockFetch(calendarServer);
    sessionStore.setToken(fakeToken({ roles: ['employee'], firstname: 'Emma' }));
    renderRoutes(routes, '/team-calendar');
    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByTestId('greeting')).toHaveTextContent(/^Good (Morning|Afternoon|Evening), Emma$/);
    expect(within(banner).queryByTestId('page-name')).toBeNull();
  });

  it("shows a long company name whole in the side bar, not cut to an ellipsis", async () => {
    const name = 'Smith & Daughters Insurance Agency of Greater Springfield';
    mockFetch({ ...server, 'GET /auth/login-data': () => response({ json: { identity: {}, companyName: name, companyId: 1 } }) });
    sessionStore.setToken(fakeToken({ roles: ['employee'], firstname: 'Emma' }));
    renderRoutes(routes, '/clockin');
    const company = await screen.findByTestId('company-name');
    await waitFor(() => expect(company).toHaveTextContent(name));
    expect(company).not.toHaveAttribute('data-truncate');
    expect(company).not.toHaveAttribute('data-line-clamp');
    expect(company).toHaveAttribute('title', name);
  });
});

describe("the shell's notifications", () => {
  afterEach(() => {
    sessionStore.clear();
    act(() => notifications.clean());
  });

  /** Where a notice shown now appears, and the layer of its container. */
  async function placeOfANotice(text: string) {
    mockFetch(server);
    sessionStore.setToken(fakeToken({ roles: ['employee'], firstname: 'Emma' }));
    renderRoutes(routes, '/clockin');
    await screen.findByRole('button', { name: 'Clock In' });
    act(() => {
      notifications.show({ message: text });
    });
    const container = (await screen.findByText(text)).closest('[data-position]') as HTMLElement;
    return { position: container.getAttribute('data-position'), zIndex: Number(container.style.getPropertyValue('--notifications-z-index')) };
  }

  it("show at the bottom right of a desktop, clear of the header's bell and avatar and of docks' titles, over the docks", async () => {
    const place = await placeOfANotice('Saved on a desktop');
    expect(place.position).toBe('bottom-right');
    // Over a dock or modal (200) and the fixed 'trial expired' bar (300).
    expect(place.zIndex).toBeGreaterThan(300);
  });

  it('show at the bottom middle of a phone', () =>
    onAPhone(async () => {
      expect((await placeOfANotice('Saved on a phone')).position).toBe('bottom-center');
    }));
});
