import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { identitySchema } from '@/lib/identity';
import { mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { claims } from '@/testing/tokens';
import type { ClockStatus } from '../api/get-clock-status';
import { ClockCard } from './clock-card';
import { clockButtons, clockInClosed, liveShiftMinutes, liveWeekMinutes } from './clock-machine';

const identity = identitySchema.parse(claims({ firstname: 'Emma', timezone: 'America/New_York' }));

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
const conflict = (message: string) => () =>
  response({ status: 409, statusText: 'Conflict', json: { code: 'conflict', message, errors: {}, requestId: 'r1' } });

const buttonNames = () => screen.getAllByRole('button').map((b) => b.textContent);

afterEach(() => vi.useRealTimers());

describe('the clock state machine (spec 000 §4)', () => {
  it.each([
    [0, ['Clock In']],
    [1, ['Take a Break', 'Clock Out']],
    [2, ['End Break']],
    [3, ['Start a New Shift']],
  ] as const)('state %i offers %j', (state, labels) => {
    expect(clockButtons(state).map((b) => b.label)).toEqual(labels);
  });

  it('counts a minute more every minute only while clocked in', () => {
    const receivedAt = Date.parse('2026-11-21T14:00:00Z');
    const later = receivedAt + 3 * 60_000 + 59_000;
    const snap = { ...status({ status: 1, minutes: 10, weekMinutes: 600 }), receivedAt };
    expect(liveShiftMinutes(snap, later)).toBe(13);
    expect(liveWeekMinutes(snap, later)).toBe(603);
    expect(liveShiftMinutes({ ...snap, status: 2 }, later)).toBe(10);
    expect(liveShiftMinutes({ ...snap, status: 3 }, later)).toBe(10);
  });

  it('keeps clock-in closed before dayStartAt on the company clock', () => {
    const receivedAt = Date.parse('2026-11-21T13:30:00Z'); // 08:30 in New York
    const snap = { ...status({ dayStartAt: '09:00', clockInAllowedNow: false }), receivedAt };
    expect(clockInClosed(snap, receivedAt, 'America/New_York')).toBe(true);
    expect(clockInClosed(snap, Date.parse('2026-11-21T14:00:00Z'), 'America/New_York')).toBe(false);
    expect(clockInClosed({ ...snap, clockInAllowedNow: true }, receivedAt, 'America/New_York')).toBe(false);
    expect(clockInClosed({ ...snap, status: 1 }, receivedAt, 'America/New_York')).toBe(false);
  });
});

describe('<ClockCard>', () => {
  it.each([
    [0, ['Clock In']],
    [1, ['Take a Break', 'Clock Out']],
    [2, ['End Break']],
    [3, ['Start a New Shift']],
  ] as const)('shows the buttons of state %i', async (state, labels) => {
    mockFetch({ 'GET /clock/status': json(status({ status: state, trackingNumber: state ? 41 : null })) });
    renderWithApp(<ClockCard identity={identity} />);
    await screen.findByTestId('clock-time');
    expect(buttonNames()).toEqual(labels);
  });

  it('greets, shows the company clock and the whole hours of the week, written as the shift is', async () => {
    // 14:03:05 UTC is 09:03:05 in New York.
    mockFetch({ 'GET /clock/status': json(status({ serverTime: '2026-11-21T14:03:05Z', weekMinutes: 2459, minutes: 95, status: 3 })) });
    renderWithApp(<ClockCard identity={identity} />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Good Morning, Emma');
    expect(screen.getByTestId('clock-time')).toHaveTextContent(/^09:03:0[5-9] AM$/);
    expect(screen.getByTestId('clock-date')).toHaveTextContent('Saturday, November 21, 2026');
    expect(screen.getByTestId('week-hours')).toHaveTextContent(/^40h$/);
    expect(screen.getByTestId('shift-minutes')).toHaveTextContent('1h 35m');
    expect(screen.getByTestId('clock-state')).toHaveTextContent('Clocked out');
  });

  it("reads 'Clock in starts at 9:00 AM' before the day's start", async () => {
    mockFetch({
      'GET /clock/status': json(status({ serverTime: '2026-11-21T13:30:00Z', dayStartAt: '09:00', clockInAllowedNow: false })),
    });
    renderWithApp(<ClockCard identity={identity} />);
    const closed = await screen.findByTestId('clock-in-closed');
    expect(closed).toHaveTextContent('Clock in starts at 9:00 AM');
    expect(closed).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Clock In' })).toBeNull();
  });

  it('runs a whole shift: clock in, break, end break, clock out, a new shift', async () => {
    const fetch = mockFetch({
      'GET /clock/status': json(status()),
      'POST /clock/start': json(status({ status: 1, trackingNumber: 41 })),
      'POST /clock/take-break': json(status({ status: 2, trackingNumber: 41 })),
      'POST /clock/resume-from-break': json(status({ status: 1, trackingNumber: 41 })),
      'POST /clock/end': json(status({ status: 3, trackingNumber: 41, minutes: 480 })),
    });
    renderWithApp(<ClockCard identity={identity} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Clock In' }));
    await user.click(await screen.findByRole('button', { name: 'Take a Break' }));
    await user.click(await screen.findByRole('button', { name: 'End Break' }));
    await user.click(await screen.findByRole('button', { name: 'Clock Out' }));
    expect(await screen.findByRole('button', { name: 'Start a New Shift' })).toBeInTheDocument();
    expect(screen.getByTestId('shift-minutes')).toHaveTextContent('8h 00m');

    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url, init]) => [String(url), init?.body]);
    expect(posts).toEqual([
      ['/server/v1/clock/start', undefined],
      ['/server/v1/clock/take-break?trackingNumber=41', undefined],
      ['/server/v1/clock/resume-from-break?trackingNumber=41', undefined],
      ['/server/v1/clock/end?trackingNumber=41', undefined],
    ]);
  });

  it('keeps the keyboard on the clock: each press leaves the focus on the button that replaced it', async () => {
    mockFetch({
      'GET /clock/status': json(status()),
      'POST /clock/start': json(status({ status: 1, trackingNumber: 41 })),
      'POST /clock/take-break': json(status({ status: 2, trackingNumber: 41 })),
      'POST /clock/resume-from-break': json(status({ status: 1, trackingNumber: 41 })),
      'POST /clock/end': json(status({ status: 3, trackingNumber: 41 })),
    });
    renderWithApp(<ClockCard identity={identity} />);
    const user = userEvent.setup();
    (await screen.findByRole('button', { name: 'Clock In' })).focus();
    await user.keyboard('{Enter}');
    const clockOut = await screen.findByRole('button', { name: 'Clock Out' });
    await waitFor(() => expect(clockOut).toHaveFocus());
    // The secondary button goes away with its state: the focus moves to the main one.
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Take a Break' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const endBreak = await screen.findByRole('button', { name: 'End Break' });
    await waitFor(() => expect(endBreak).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Clock Out' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start a New Shift' })).toHaveFocus());
    expect(screen.getByTestId('clock-state')).toHaveTextContent('Clocked out');
  });

  it('leaves the focus alone when it was not on the clock', async () => {
    mockFetch({ 'GET /clock/status': json(status()), 'POST /clock/start': json(status({ status: 1, trackingNumber: 41 })) });
    renderWithApp(
      <>
        <input aria-label="Elsewhere" />
        <ClockCard identity={identity} />
      </>,
    );
    const clockIn = await screen.findByRole('button', { name: 'Clock In' });
    const elsewhere = screen.getByRole('textbox', { name: 'Elsewhere' });
    elsewhere.focus();
    fireEvent.click(clockIn);
    await screen.findByRole('button', { name: 'Clock Out' });
    expect(elsewhere).toHaveFocus();
  });

  it('ignores clicks while a change is in flight', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetch = mockFetch({
      'GET /clock/status': json(status({ status: 1, trackingNumber: 41 })),
      'POST /clock/take-break': async () => {
        await gate;
        return response({ json: status({ status: 2, trackingNumber: 41 }) });
      },
      'POST /clock/end': json(status({ status: 3, trackingNumber: 41 })),
    });
    renderWithApp(<ClockCard identity={identity} />);
    const takeBreak = await screen.findByRole('button', { name: 'Take a Break' });
    const clockOut = screen.getByRole('button', { name: 'Clock Out' });
    // Three clicks in the same tick, before React renders the busy state, and one after.
    fireEvent.click(takeBreak);
    fireEvent.click(takeBreak);
    fireEvent.click(clockOut);
    await waitFor(() => expect(clockOut).toBeDisabled());
    fireEvent.click(clockOut);
    release();
    expect(await screen.findByRole('button', { name: 'End Break' })).toBeInTheDocument();
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url));
    expect(posts).toEqual(['/server/v1/clock/take-break?trackingNumber=41']);
  });

  it("resets to idle with 'Sorry' and the first error on a failure, and asks for the status again", async () => {
    const fetch = mockFetch({
      'GET /clock/status': json(status()),
      'POST /clock/start': conflict('You are already clocked in.'),
    });
    renderWithApp(<ClockCard identity={identity} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Clock In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry You are already clocked in.');
    const clockIn = screen.getByRole('button', { name: 'Clock In' });
    expect(clockIn).toBeEnabled();
    await waitFor(() => expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/clock/status'))).toHaveLength(2));

    // The next click is heard again, and clears the message once it succeeds.
    fetch.mockClear();
    mockFetch({ 'GET /clock/status': json(status()), 'POST /clock/start': json(status({ status: 1, trackingNumber: 42 })) });
    await user.click(clockIn);
    expect(await screen.findByRole('button', { name: 'Clock Out' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the first field error of a refusal', async () => {
    mockFetch({
      'GET /clock/status': json(status({ status: 1, trackingNumber: 41 })),
      'POST /clock/end': () =>
        response({ status: 409, statusText: 'Conflict', json: { code: 'conflict', message: 'Conflict', errors: { trackingNumber: ['This is not your open shift.'] } } }),
    });
    renderWithApp(<ClockCard identity={identity} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Clock Out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry This is not your open shift.');
  });

  it('adds a minute to the shift and the week every minute while clocked in', async () => {
    // Only the ticking interval and the clock are fake; the network's timeouts stay real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    mockFetch({ 'GET /clock/status': json(status({ status: 1, trackingNumber: 41, minutes: 59, weekMinutes: 119 })) });
    renderWithApp(<ClockCard identity={identity} />);
    expect(await screen.findByTestId('shift-minutes')).toHaveTextContent('0h 59m');
    expect(screen.getByTestId('week-hours')).toHaveTextContent(/^1h$/);
    const before = screen.getByTestId('clock-time').textContent;
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    // The time ticks every second.
    expect(screen.getByTestId('clock-time').textContent).not.toBe(before);
    expect(screen.getByTestId('shift-minutes')).toHaveTextContent('0h 59m');
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByTestId('shift-minutes')).toHaveTextContent('1h 00m');
    expect(screen.getByTestId('week-hours')).toHaveTextContent(/^2h$/);
  });

  it("shows the server's refusal instead of the button on a phone when mobile clock-in is off", async () => {
    const refusal = 'Clocking in from a phone is turned off for your company.';
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width: 767px'),
          media: query,
          onchange: null,
          addListener: vi.fn(),
          removeListener: vi.fn(),
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
          dispatchEvent: vi.fn(),
        }) as unknown as MediaQueryList,
    );
    mockFetch({ 'GET /clock/status': json(status({ mobileClockInDisabled: true, errors: [refusal] })) });
    renderWithApp(<ClockCard identity={identity} />);
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clock In' })).toBeNull();
  });

  it('shows a failed status read as Sorry with a way to try again', async () => {
    mockFetch({
      'GET /clock/status': () => response({ status: 403, statusText: 'Forbidden', json: { code: 'forbidden', message: 'Not allowed.', errors: {} } }),
    });
    renderWithApp(<ClockCard identity={identity} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry Not allowed.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe("<ClockCard>'s overtime notice (issue 37)", () => {
  // 03:00 UTC on Nov 30 is 22:00 on Nov 29 in New York: the company's day, not the browser's.
  const late = '2026-11-30T03:00:00Z';
  const payHours = (overtimeSince: string | null) => ({
    employeeId: 7,
    start: '2026-11-29',
    end: '2026-11-29',
    ruleSet: { id: 'flsa', name: 'Federal (FLSA)' },
    days: [],
    regularMinutes: 480,
    overtimeMinutes: 60,
    doubleTimeMinutes: 0,
    overtimeSince,
  });
  const payHoursCalls = (fetch: ReturnType<typeof mockFetch>) =>
    fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/server/v1/timesheet/pay-hours'));

  it("reads today's pay hours on the company clock and says since when, 24-hour in the company zone", async () => {
    const fetch = mockFetch({
      'GET /clock/status': json(status({ status: 1, trackingNumber: 41, serverTime: late })),
      // 22:12 UTC is 17:12 in New York.
      'GET /timesheet/pay-hours': json(payHours('2026-11-29T22:12:00Z')),
    });
    renderWithApp(<ClockCard identity={identity} />);
    const notice = await screen.findByTestId('overtime-since');
    expect(notice).toHaveTextContent(/^You are in overtime since 17:12$/);
    expect(notice).toBeVisible();
    expect(payHoursCalls(fetch)).toEqual(['/server/v1/timesheet/pay-hours?start=2026-11-29&end=2026-11-29']);
  });

  it('says it on a break too', async () => {
    mockFetch({
      'GET /clock/status': json(status({ status: 2, trackingNumber: 41, serverTime: late })),
      'GET /timesheet/pay-hours': json(payHours('2026-11-29T14:05:00Z')),
    });
    renderWithApp(<ClockCard identity={identity} />);
    expect(await screen.findByTestId('overtime-since')).toHaveTextContent(/^You are in overtime since 09:05$/);
  });

  it('shows nothing while the shift is not in overtime', async () => {
    const fetch = mockFetch({
      'GET /clock/status': json(status({ status: 1, trackingNumber: 41, serverTime: late })),
      'GET /timesheet/pay-hours': json(payHours(null)),
    });
    renderWithApp(<ClockCard identity={identity} />);
    await screen.findByTestId('clock-time');
    await waitFor(() => expect(payHoursCalls(fetch)).toHaveLength(1));
    // The answer has arrived: still nothing.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('overtime-since')).toBeNull();
  });

  it.each([0, 3] as const)('neither asks nor shows anything in state %i', async (state) => {
    const fetch = mockFetch({
      'GET /clock/status': json(status({ status: state, trackingNumber: state ? 41 : null, serverTime: late })),
      'GET /timesheet/pay-hours': json(payHours('2026-11-29T22:12:00Z')),
    });
    renderWithApp(<ClockCard identity={identity} />);
    await screen.findByTestId('clock-time');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(payHoursCalls(fetch)).toEqual([]);
    expect(screen.queryByTestId('overtime-since')).toBeNull();
  });

  it('asks again every minute while clocked in', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date(late));
    let answer: string | null = null;
    const fetch = mockFetch({
      'GET /clock/status': json(status({ status: 1, trackingNumber: 41, serverTime: late })),
      'GET /timesheet/pay-hours': () => response({ json: payHours(answer) }),
    });
    renderWithApp(<ClockCard identity={identity} />);
    await screen.findByTestId('clock-time');
    await act(async () => {
      await vi.waitFor(() => expect(payHoursCalls(fetch)).toHaveLength(1));
    });
    expect(screen.queryByTestId('overtime-since')).toBeNull();

    answer = '2026-11-30T02:59:00Z';
    await act(async () => {
      vi.advanceTimersByTime(59_000);
    });
    expect(payHoursCalls(fetch)).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    expect(await screen.findByTestId('overtime-since')).toHaveTextContent('You are in overtime since 21:59');
    expect(payHoursCalls(fetch)).toHaveLength(2);
  });

  it('asks again after each clock press, and goes away on clocking out', async () => {
    let answer: string | null = null;
    const fetch = mockFetch({
      'GET /clock/status': json(status({ status: 1, trackingNumber: 41, serverTime: late })),
      'GET /timesheet/pay-hours': () => response({ json: payHours(answer) }),
      'POST /clock/take-break': json(status({ status: 2, trackingNumber: 41, serverTime: late })),
      'POST /clock/resume-from-break': json(status({ status: 1, trackingNumber: 41, serverTime: late })),
      'POST /clock/end': json(status({ status: 3, trackingNumber: 41, serverTime: late })),
    });
    renderWithApp(<ClockCard identity={identity} />);
    const user = userEvent.setup();
    const takeBreak = await screen.findByRole('button', { name: 'Take a Break' });
    await waitFor(() => expect(payHoursCalls(fetch)).toHaveLength(1));

    answer = '2026-11-29T22:12:00Z';
    await user.click(takeBreak);
    expect(await screen.findByTestId('overtime-since')).toHaveTextContent('You are in overtime since 17:12');
    expect(payHoursCalls(fetch)).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'End Break' }));
    await waitFor(() => expect(payHoursCalls(fetch)).toHaveLength(3));
    expect(screen.getByTestId('overtime-since')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Clock Out' }));
    await screen.findByRole('button', { name: 'Start a New Shift' });
    expect(screen.queryByTestId('overtime-since')).toBeNull();
    expect(payHoursCalls(fetch)).toHaveLength(3);
  });

  it("starts a new shift without the last shift's answer", async () => {
    let answered = false;
    let release: () => void = () => {};
    const fetch = mockFetch({
      'GET /clock/status': json(status({ status: 1, trackingNumber: 41, serverTime: late })),
      // The first read answers; the new shift's read is still on its way while the test looks.
      'GET /timesheet/pay-hours': () => {
        if (answered) return new Promise<Response>((resolve) => (release = () => resolve(response({ json: payHours(null) }))));
        answered = true;
        return response({ json: payHours('2026-11-29T22:12:00Z') });
      },
      'POST /clock/end': json(status({ status: 3, trackingNumber: 41, serverTime: late })),
      'POST /clock/start': json(status({ status: 1, trackingNumber: 42, serverTime: late })),
    });
    renderWithApp(<ClockCard identity={identity} />);
    const user = userEvent.setup();
    await screen.findByTestId('overtime-since');
    await user.click(screen.getByRole('button', { name: 'Clock Out' }));
    await user.click(await screen.findByRole('button', { name: 'Start a New Shift' }));
    await screen.findByRole('button', { name: 'Clock Out' });
    await waitFor(() => expect(payHoursCalls(fetch)).toHaveLength(2));
    expect(screen.queryByTestId('overtime-since')).toBeNull();
    await act(async () => release());
    expect(screen.queryByTestId('overtime-since')).toBeNull();
  });
});
