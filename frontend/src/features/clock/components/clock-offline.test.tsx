import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { identitySchema } from '@/lib/identity';
import { sessionStore } from '@/lib/session';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { claims, fakeToken } from '@/testing/tokens';
import { lastStatusKey, type ClockStatus } from '../api/get-clock-status';
import { clockOutbox } from '../api/outbox';
import { ClockCard } from './clock-card';

const identity = identitySchema.parse(claims({ firstname: 'Emma', timezone: 'America/New_York' }));
const EID = identity.eid!;

function status(overrides: Partial<ClockStatus> = {}): ClockStatus {
  return {
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
    workLocations: [],
    asksPosition: false,
    ...overrides,
  };
}

const json = (body: unknown) => () => response({ json: body });
const networkDown = () => {
  throw new TypeError('Failed to fetch');
};

let online = true;

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  sessionStore.setToken(fakeToken({ firstname: 'Emma' }));
});

afterEach(async () => {
  sessionStore.clear();
  await clockOutbox.reset();
});

const goOnline = () =>
  act(async () => {
    online = true;
    window.dispatchEvent(new Event('online'));
  });

const posts = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url, init]) => ({ url: String(url), init: init! }));

const keyOf = (init: RequestInit) => new Headers(init.headers).get('Idempotency-Key');

describe('<ClockCard> without a network (issue 39)', () => {
  it('sends an online press with a fresh UUIDv7 Idempotency-Key', async () => {
    const fetch = mockFetch({ 'GET /clock/status': json(status()), 'POST /clock/start': json(status({ status: 1, trackingNumber: 41 })) });
    renderWithApp(<ClockCard identity={identity} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Clock In' }));
    await screen.findByRole('button', { name: 'Clock Out' });
    const [start] = posts(fetch);
    expect(keyOf(start!.init)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('keeps presses made offline on the phone and shows the state it knows, then sends them in order once back online', async () => {
    let tracking: number | null = null;
    const fetch = mockFetch({
      'GET /clock/status': json(status()),
      'POST /clock/offline-press': (init) => {
        const body = bodyOf(init) as { action: string; trackingNumber: number | null };
        const state = { start: 1, break: 2, resume: 1, end: 3 }[body.action] as 1 | 2 | 3;
        if (body.action === 'start') tracking = 88;
        return response({
          json: { outcome: 'applied', recordedAt: new Date().toISOString(), skewSeconds: 0, reason: null, requestId: null, status: status({ status: state, trackingNumber: tracking }) },
        });
      },
    });
    renderWithApp(<ClockCard identity={identity} />);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Clock In' });

    await act(async () => {
      online = false;
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByTestId('clock-offline')).toHaveTextContent('You are offline');

    await user.click(screen.getByRole('button', { name: 'Clock In' }));
    // Clocked in as far as this phone knows, with the next presses at hand.
    expect(await screen.findByRole('button', { name: 'Clock Out' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take a Break' })).toBeInTheDocument();
    expect(screen.getByTestId('clock-state')).toHaveTextContent('Clocked in');
    const outbox = screen.getByTestId('outbox');
    expect(outbox).toHaveTextContent('1 press is not sent yet');
    expect(within(outbox).getByTestId('outbox-saved')).toHaveTextContent('Saved on this phone: will be sent when you are back online');
    expect(within(outbox).getByTestId('outbox-press')).toHaveTextContent(/^Clock In at \d{1,2}:\d{2} (AM|PM)$/);

    await user.click(screen.getByRole('button', { name: 'Take a Break' }));
    await user.click(await screen.findByRole('button', { name: 'End Break' }));
    await user.click(await screen.findByRole('button', { name: 'Clock Out' }));
    expect(await screen.findByRole('button', { name: 'Start a New Shift' })).toBeInTheDocument();
    expect(screen.getAllByTestId('outbox-press').map((li) => li.textContent?.split(' at ')[0])).toEqual(['Clock In', 'Take a Break', 'End Break', 'Clock Out']);
    expect(posts(fetch)).toEqual([]);

    await goOnline();
    await waitFor(() => expect(screen.queryByTestId('outbox')).toBeNull());
    const sent = posts(fetch);
    expect(sent.map((p) => p.url)).toEqual(Array(4).fill('/server/v1/clock/offline-press'));
    expect(sent.map((p) => (bodyOf(p.init) as { action: string }).action)).toEqual(['start', 'break', 'resume', 'end']);
    // The shift started offline: its other presses carry the number the start was given.
    expect(sent.map((p) => (bodyOf(p.init) as { trackingNumber: number | null }).trackingNumber)).toEqual([null, 88, 88, 88]);
    expect(new Set(sent.map((p) => keyOf(p.init))).size).toBe(4);
    expect(screen.getByTestId('clock-state')).toHaveTextContent('Clocked out');
    const notice = await screen.findByTestId('outbox-notice');
    expect(notice).toHaveAttribute('data-outcome', 'applied');
    expect(notice).toHaveTextContent('Presses made offline were sent');
  });

  it('tries a press that failed on the network once more with the same key, then keeps it on the phone', async () => {
    const fetch = mockFetch({ 'GET /clock/status': json(status({ status: 1, trackingNumber: 41 })), 'POST /clock/end': networkDown });
    renderWithApp(<ClockCard identity={identity} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Clock Out' }));
    expect(await screen.findByTestId('outbox')).toHaveTextContent('1 press is not sent yet');
    expect(screen.getByTestId('clock-state')).toHaveTextContent('Clocked out');
    const tries = posts(fetch).filter((p) => p.url.startsWith('/server/v1/clock/end'));
    expect(tries).toHaveLength(2);
    expect(keyOf(tries[0]!.init)).toBe(keyOf(tries[1]!.init));
    // Kept with the shift it was pressed on.
    const [entry] = await clockOutbox.store.list(EID);
    expect(entry).toMatchObject({ action: 'end', trackingNumber: 41, eid: EID });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says so when a press went to the manager instead, with the server's reason", async () => {
    const reason = "Sent 4 days after it was made: a press older than 72 hours needs a manager's approval.";
    mockFetch({
      'GET /clock/status': json(status()),
      'POST /clock/offline-press': json({ outcome: 'held', recordedAt: '2026-11-24T14:02:00Z', skewSeconds: 0, reason, requestId: 12, status: status() }),
    });
    online = false;
    renderWithApp(<ClockCard identity={identity} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Clock In' }));
    expect(await screen.findByTestId('outbox')).toBeInTheDocument();

    await goOnline();
    const notice = await screen.findByTestId('outbox-notice');
    expect(notice).toHaveAttribute('data-outcome', 'held');
    expect(notice).toHaveTextContent(`Your Clock In of Tue, Nov 24 9:02 AM went to your manager for approval: ${reason}`);
    // The server's word stands: not clocked in.
    expect(screen.getByTestId('clock-state')).toHaveTextContent('Not clocked in');
    await user.click(within(notice).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByTestId('outbox-notice')).toBeNull());
  });

  it('keeps the presses when the session has expired (401), and says they wait for the next sign-in', async () => {
    mockFetch({
      'GET /clock/status': json(status()),
      'POST /clock/offline-press': () => response({ status: 401, statusText: 'Unauthorized', json: { code: 'session_expired', message: 'Please sign in.', errors: {} } }),
    });
    online = false;
    renderWithApp(<ClockCard identity={identity} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Clock In' }));
    await screen.findByTestId('outbox');
    await goOnline();
    await waitFor(() => expect(screen.getByTestId('outbox-saved')).toHaveTextContent('Saved on this phone: will be sent when you sign in again'));
    expect(await clockOutbox.store.list(EID)).toHaveLength(1);
  });

  it('opens offline with the last status this phone knew, and when it was known', async () => {
    const known = { ...status({ status: 1, trackingNumber: 41, minutes: 10 }), receivedAt: Date.now() - 60_000 };
    window.localStorage.setItem(lastStatusKey(EID), JSON.stringify(known));
    online = false;
    mockFetch({ 'GET /clock/status': networkDown });
    renderWithApp(<ClockCard identity={identity} />);
    expect(await screen.findByRole('button', { name: 'Clock Out' })).toBeInTheDocument();
    expect(screen.getByTestId('clock-offline')).toHaveTextContent(/You are offline: presses are saved on this phone\. Last updated \d{1,2}:\d{2} (AM|PM)\./);
  });

  it('cannot open offline a clock this phone never saw, and says why', async () => {
    online = false;
    mockFetch({ 'GET /clock/status': networkDown });
    renderWithApp(<ClockCard identity={identity} />);
    expect(await screen.findByRole('alert', undefined, { timeout: 45_000 })).toHaveTextContent('the clock cannot be read without a network');
  });

  it("never shows nor sends another person's presses", async () => {
    await clockOutbox.queue({ eid: 99, email: 'other@example.com', action: 'start', trackingNumber: null, startKey: null, deviceTime: new Date().toISOString(), serverOffsetMs: 0 });
    const fetch = mockFetch({ 'GET /clock/status': json(status()) });
    renderWithApp(<ClockCard identity={identity} />);
    expect(await screen.findByRole('button', { name: 'Clock In' })).toBeInTheDocument();
    await goOnline();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('outbox')).toBeNull();
    expect(posts(fetch)).toEqual([]);
    expect(await clockOutbox.store.list(99)).toHaveLength(1);
  });
});
