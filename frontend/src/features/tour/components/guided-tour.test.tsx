import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeIdentity, type IdentityClaims } from '@/lib/identity';
import { sessionStore } from '@/lib/session';
import { mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';
import { TOUR_DELAY_MS } from '../tour-steps';
import { ADD_STAFF_IN_TOUR, GuidedTour, SEE_STAFF_IN_TOUR } from './guided-tour';

const identity = (claims: Partial<IdentityClaims>) => decodeIdentity(fakeToken({ joyride: false, ...claims }))!;

/** What the shell shows the tour: the marked menu entries, quick add and the clock screen's card. */
function Page({ without = [] as string[] }) {
  const targets = [
    'menu-clock',
    'menu-my-team',
    'menu-time-off',
    'whats-happening',
    'menu-my-hr',
    'menu-timesheet',
    'menu-hr-folders',
    'menu-pto',
    'menu-dashboard',
    'menu-timesheets',
    'menu-inbox',
    'menu-hr-broadcasts',
    'quick-add',
  ].filter((target) => !without.includes(target));
  return (
    <div>
      {targets.map((target) => (
        <div key={target} data-tour={target}>
          {target}
        </div>
      ))}
    </div>
  );
}

function completion() {
  return mockFetch({
    'POST /profile/complete-joyride': () => response({ json: { token: fakeToken({ joyride: true }), identity: {} } }),
  });
}

const completed = (fetch: ReturnType<typeof completion>) =>
  fetch.mock.calls.filter(([url, init]) => String(url).endsWith('/profile/complete-joyride') && init?.method === 'POST');

beforeEach(() => {
  // No animation: each step's popover shows at once.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('prefers-reduced-motion'),
    media: query,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});

function renderTour(props: { claims?: Partial<IdentityClaims>; staffAdded?: boolean; isPhone?: boolean; without?: string[]; offered?: boolean }) {
  const setMenuOpen = vi.fn();
  const who = identity(props.claims ?? {});
  const utils = renderWithApp(
    <>
      <Page without={props.without} />
      <GuidedTour identity={who} offered={props.offered ?? true} staffAdded={props.staffAdded ?? false} isPhone={props.isPhone ?? false} setMenuOpen={setMenuOpen} />
    </>,
    { path: '/clockin' },
  );
  return { ...utils, setMenuOpen };
}

async function next(label = 'Next') {
  const popover = await screen.findByRole('dialog');
  await userEvent.click(within(popover).getByRole('button', { name: label }));
}

describe('the welcome and the guided tour', () => {
  it('welcomes, walks an employee through the six steps a second apart from the start, and ends with the done modal', async () => {
    const fetch = completion();
    const { setMenuOpen } = renderTour({ claims: { roles: ['employee'], firstname: 'Emma' } });
    const welcome = await screen.findByRole('dialog', { name: 'Welcome to Timekeep!' });
    expect(within(welcome).getByText(/Hi Emma/)).toBeInTheDocument();
    const started = Date.now();
    await userEvent.click(within(welcome).getByRole('button', { name: 'Get Started' }));

    expect(await screen.findByRole('dialog', { name: 'Clock' })).toBeInTheDocument();
    expect(Date.now() - started).toBeGreaterThanOrEqual(TOUR_DELAY_MS);
    expect(setMenuOpen).toHaveBeenCalledWith(true);
    expect(screen.getByRole('dialog', { name: 'Clock' })).toHaveTextContent('1 of 6');
    for (const title of ['My Team', 'Time Off', "What's Happening", 'My HR', 'Timesheet']) {
      await next();
      expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
    }
    // On a desktop the side bar stays open for the card on the page.
    expect(setMenuOpen).not.toHaveBeenCalledWith(false);
    expect(completed(fetch)).toHaveLength(0);
    await next('Finish');

    const done = await screen.findByRole('dialog', { name: "You're all set!" });
    expect(within(done).getByRole('link', { name: 'Update My Profile' })).toHaveAttribute('href', '/my-profile');
    expect(within(done).queryByRole('link', { name: /Employees|Team/ })).not.toBeInTheDocument();
    await waitFor(() => expect(completed(fetch)).toHaveLength(1));
    expect(sessionStore.get()?.identity.joyride).toBe(true);
  });

  it('ends the tour, without the done modal, at a step whose target is missing', async () => {
    const fetch = completion();
    renderTour({ claims: { roles: ['employee'] }, without: ['whats-happening'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Get Started' }));
    await screen.findByRole('dialog', { name: 'Clock' });
    await next();
    await screen.findByRole('dialog', { name: 'My Team' });
    await next();
    await screen.findByRole('dialog', { name: 'Time Off' });
    await next();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(completed(fetch)).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: "You're all set!" })).not.toBeInTheDocument();
  });

  it('expands the menu first for admins, and their steps differ once the integration brought the staff', async () => {
    const fetch = completion();
    const before = renderTour({ claims: { roles: ['admin'] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Get Started' }));
    expect(before.setMenuOpen).toHaveBeenCalledWith(true);
    const first = await screen.findByRole('dialog', { name: 'HR Folders' });
    expect(first).toHaveTextContent(/Start here: add your employees/);
    expect(first).toHaveTextContent('1 of 7');
    // Closing is not finishing: recorded, but no done modal.
    await userEvent.click(within(first).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(completed(fetch)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    before.unmount();

    renderTour({ claims: { roles: ['admin'], integratedWithAz: true }, staffAdded: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Get Started' }));
    expect(await screen.findByRole('dialog', { name: 'HR Folders' })).toHaveTextContent(/Your staff are here/);
    for (const title of ['PTO', 'Dashboard', 'Timesheets', 'Inbox', 'HR Broadcasts', 'Quick Add']) {
      await next();
      expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
    }
    await next('Finish');
    const done = await screen.findByRole('dialog', { name: "You're all set!" });
    // Integrated accounts have no 'Add Multiple': the team came through the integration.
    expect(within(done).getByRole('link', { name: 'See Your Team' })).toHaveAttribute('href', SEE_STAFF_IN_TOUR);
    expect(SEE_STAFF_IN_TOUR).toBe('/admin/manage?joyhop=1');
  });

  it('offers an admin without the integration to add their employees from the done modal', async () => {
    completion();
    renderTour({ claims: { roles: ['admin'] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Get Started' }));
    await screen.findByRole('dialog', { name: 'HR Folders' });
    for (let step = 1; step < 7; step += 1) await next();
    await next('Finish');
    const done = await screen.findByRole('dialog', { name: "You're all set!" });
    expect(within(done).getByRole('link', { name: 'Add Your Employees' })).toHaveAttribute('href', ADD_STAFF_IN_TOUR);
    expect(ADD_STAFF_IN_TOUR).toBe('/admin/manage/add-batch?inJoyride=1');
    expect(within(done).getByRole('link', { name: 'Update My Profile' })).toHaveAttribute('href', '/my-profile');
  });

  it('on a phone closes the menu for the card on the page and opens it again for the next entry', async () => {
    completion();
    const { setMenuOpen } = renderTour({ claims: { roles: ['employee'] }, isPhone: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Get Started' }));
    await screen.findByRole('dialog', { name: 'Clock' });
    await next();
    await screen.findByRole('dialog', { name: 'My Team' });
    await next();
    await screen.findByRole('dialog', { name: 'Time Off' });
    await next();
    await screen.findByRole('dialog', { name: "What's Happening" });
    expect(setMenuOpen.mock.calls).toEqual([[true], [false]]);
    await next();
    await screen.findByRole('dialog', { name: 'My HR' });
    expect(setMenuOpen.mock.calls).toEqual([[true], [false], [true]]);
  });

  it('records the tour as done when the welcome is skipped, and offers nothing when not offered', async () => {
    const fetch = completion();
    const skipped = renderTour({ claims: { roles: ['employee'] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Skip the tour' }));
    await waitFor(() => expect(completed(fetch)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    skipped.unmount();

    renderTour({ claims: { roles: ['employee'] }, offered: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
