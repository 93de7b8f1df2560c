import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { identitySchema } from '@/lib/identity';
import { sessionStore } from '@/lib/session';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { claims, fakeToken } from '@/testing/tokens';
import { clockStatusSchema, lastStatusKey, loadLastStatus, type ClockStatus } from '../api/get-clock-status';
import { clockOutbox } from '../api/outbox';
import { POSITION_OPTIONS, readPressPosition } from '../api/position';
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
const held = status({ workLocations: ['Main Office'], asksPosition: true });

// 2026-11-30T14:02:11Z, as a Geolocation API fix gives it (ms since the epoch).
const FIX_AT = Date.parse('2026-11-30T14:02:11Z');
const fix = (latitude = 40.0002, longitude = -75, accuracy = 15, timestamp = FIX_AT): GeolocationPosition =>
  ({ coords: { latitude, longitude, accuracy }, timestamp }) as unknown as GeolocationPosition;
const sentPosition = { latitude: 40.0002, longitude: -75, accuracy: 15, takenAt: '2026-11-30T14:02:11.000Z' };

type Success = (pos: GeolocationPosition) => void;
type Failure = (error: GeolocationPositionError) => void;
const denied = { code: 1, message: 'User denied Geolocation', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError;

/** Installs a fake navigator.geolocation whose getCurrentPosition runs `answer`. */
function geolocation(answer: (success: Success, failure: Failure) => void) {
  const getCurrentPosition = vi.fn((success: Success, failure?: Failure | null, _options?: PositionOptions) => answer(success, failure ?? (() => undefined)));
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
  return getCurrentPosition;
}

const posts = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url, init]) => ({ url: String(url), init: init! }));

let online = true;

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  sessionStore.setToken(fakeToken({ firstname: 'Emma' }));
});

afterEach(async () => {
  Reflect.deleteProperty(navigator, 'geolocation');
  vi.useRealTimers();
  sessionStore.clear();
  await clockOutbox.reset();
});

describe('the clock status of a person held to work locations (issue 40)', () => {
  it('reads none from an older server, or from a status kept on the phone before', () => {
    const old = { status: 0, minutes: 0, weekMinutes: 0 };
    expect(clockStatusSchema.parse(old)).toMatchObject({ workLocations: [], asksPosition: false });
    window.localStorage.setItem(lastStatusKey(EID), JSON.stringify({ ...old, receivedAt: Date.now() }));
    expect(loadLastStatus(EID)).toMatchObject({ workLocations: [], asksPosition: false, fromPhone: true });
  });

  it('reads the names and whether a press asks for the position', () => {
    expect(clockStatusSchema.parse({ status: 0, minutes: 0, weekMinutes: 0, workLocations: ['Main Office', 'Depot'], asksPosition: true })).toMatchObject({
      workLocations: ['Main Office', 'Depot'],
      asksPosition: true,
    });
  });
});

describe('readPressPosition', () => {
  it('asks for a fresh, precise fix within 10 seconds and gives it as the press sends it', async () => {
    const ask = geolocation((success) => success(fix()));
    await expect(readPressPosition()).resolves.toEqual(sentPosition);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(ask.mock.calls[0]![2]).toEqual({ enableHighAccuracy: true, maximumAge: 0, timeout: 10_000 });
    expect(POSITION_OPTIONS).toEqual({ enableHighAccuracy: true, maximumAge: 0, timeout: 10_000 });
  });

  it('gives none when refused, unavailable, without the API, or with a fix that makes no sense', async () => {
    geolocation((_, failure) => failure(denied));
    await expect(readPressPosition()).resolves.toBeNull();
    geolocation((_, failure) => failure({ ...denied, code: 3, message: 'Timeout expired' }));
    await expect(readPressPosition()).resolves.toBeNull();
    geolocation((success) => success(fix(Number.NaN)));
    await expect(readPressPosition()).resolves.toBeNull();
    await expect(readPressPosition(null)).resolves.toBeNull();
  });

  it('stops waiting for a permission question left unanswered', async () => {
    vi.useFakeTimers();
    geolocation(() => undefined);
    const read = readPressPosition(undefined, 30_000);
    await vi.advanceTimersByTimeAsync(30_000);
    await expect(read).resolves.toBeNull();
  });
});

describe('<ClockCard> with work locations (issue 40)', () => {
  it('sends the position with every press when the status asks for it', async () => {
    const ask = geolocation((success) => success(fix()));
    const fetch = mockFetch({
      'GET /clock/status': json(held),
      'POST /clock/start': json({ ...held, status: 1, trackingNumber: 41 }),
      'POST /clock/take-break': json({ ...held, status: 2, trackingNumber: 41 }),
      'POST /clock/resume-from-break': json({ ...held, status: 1, trackingNumber: 41 }),
      'POST /clock/end': json({ ...held, status: 3, trackingNumber: 41 }),
    });
    renderWithApp(<ClockCard identity={identity} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Clock In' }));
    await user.click(await screen.findByRole('button', { name: 'Take a Break' }));
    await user.click(await screen.findByRole('button', { name: 'End Break' }));
    await user.click(await screen.findByRole('button', { name: 'Clock Out' }));
    await screen.findByRole('button', { name: 'Start a New Shift' });

    const sent = posts(fetch);
    expect(sent.map((p) => p.url)).toEqual([
      '/server/v1/clock/start',
      '/server/v1/clock/take-break?trackingNumber=41',
      '/server/v1/clock/resume-from-break?trackingNumber=41',
      '/server/v1/clock/end?trackingNumber=41',
    ]);
    for (const { init } of sent) {
      expect(bodyOf(init)).toEqual({ position: sentPosition });
      expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    }
    expect(ask).toHaveBeenCalledTimes(4);
    for (const call of ask.mock.calls) expect(call[2]).toEqual(POSITION_OPTIONS);
  });

  it("shows 'Getting your location…' on the pressed button while the phone looks", async () => {
    let give: Success = () => undefined;
    geolocation((success) => (give = success));
    const fetch = mockFetch({ 'GET /clock/status': json(held), 'POST /clock/start': json({ ...held, status: 1, trackingNumber: 41 }) });
    renderWithApp(<ClockCard identity={identity} />);
    const clockIn = await screen.findByRole('button', { name: 'Clock In' });
    await userEvent.setup().click(clockIn);
    expect(await within(clockIn).findByTestId('clock-locating')).toHaveTextContent('Getting your location…');
    expect(clockIn).toBeDisabled();
    // Screen readers hear it from a live region (the button's loader is hidden from them).
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toContain('Getting your location…');
    expect(posts(fetch)).toEqual([]);

    await act(async () => give(fix()));
    expect(await screen.findByRole('button', { name: 'Clock Out' })).toBeInTheDocument();
    expect(screen.queryByTestId('clock-locating')).toBeNull();
    expect(posts(fetch)).toHaveLength(1);
  });

  it('presses without a position when the person refuses (the server decides)', async () => {
    geolocation((_, failure) => failure(denied));
    const fetch = mockFetch({ 'GET /clock/status': json(held), 'POST /clock/start': json({ ...held, status: 1, trackingNumber: 41 }) });
    renderWithApp(<ClockCard identity={identity} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Clock In' }));
    await screen.findByRole('button', { name: 'Clock Out' });
    const [start] = posts(fetch);
    expect(start!.init.body).toBeUndefined();
  });

  it('never asks for the position when the status does not', async () => {
    const ask = geolocation((success) => success(fix()));
    const fetch = mockFetch({ 'GET /clock/status': json(status()), 'POST /clock/start': json(status({ status: 1, trackingNumber: 41 })) });
    renderWithApp(<ClockCard identity={identity} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Clock In' }));
    await screen.findByRole('button', { name: 'Clock Out' });
    expect(ask).not.toHaveBeenCalled();
    expect(posts(fetch)[0]!.init.body).toBeUndefined();
  });

  it("shows a clock-in refused where the person is with the server's message, and stays clocked out", async () => {
    const message = 'You are 412 m outside Main Office (±35 m). Clock in when you are there, or ask your manager to add your time.';
    geolocation((success) => success(fix(40.0037)));
    mockFetch({
      'GET /clock/status': json(held),
      'POST /clock/start': () =>
        response({ status: 403, statusText: 'Forbidden', json: { code: 'outside_work_location', message, errors: {}, requestId: 'r1' } }),
    });
    renderWithApp(<ClockCard identity={identity} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Clock In' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Clock-in refused');
    expect(alert).toHaveTextContent(message);
    expect(alert).not.toHaveTextContent('Sorry');
    expect(screen.getByRole('button', { name: 'Clock In' })).toBeEnabled();
    expect(screen.getByTestId('clock-state')).toHaveTextContent('Not clocked in');
    // Refused, not lost: nothing waits on the phone.
    expect(await clockOutbox.store.list(EID)).toEqual([]);
  });

  it('says under the card what is checked and kept', async () => {
    mockFetch({ 'GET /clock/status': json({ ...held, workLocations: ['Main Office', 'North Depot'] }) });
    renderWithApp(<ClockCard identity={identity} />);
    const note = await screen.findByTestId('clock-privacy-note');
    expect(note).toHaveTextContent(
      'Your presses are checked against Main Office, North Depot. With each press we keep your position (if you allow it) and network address for a limited time, then only whether you were inside.',
    );
    expect(screen.getByTestId('clock-card')).not.toContainElement(note);
  });

  it('says nothing of it to a person held to no location', async () => {
    mockFetch({ 'GET /clock/status': json(status()) });
    renderWithApp(<ClockCard identity={identity} />);
    await screen.findByRole('button', { name: 'Clock In' });
    expect(screen.queryByTestId('clock-privacy-note')).toBeNull();
  });

  it('keeps the position taken at a press made offline, and sends it with the press', async () => {
    geolocation((success) => success(fix()));
    const fetch = mockFetch({
      'GET /clock/status': json(held),
      'POST /clock/offline-press': json({
        outcome: 'applied',
        recordedAt: new Date().toISOString(),
        skewSeconds: 0,
        reason: null,
        requestId: null,
        status: { ...held, status: 1, trackingNumber: 88 },
      }),
    });
    renderWithApp(<ClockCard identity={identity} />);
    await screen.findByRole('button', { name: 'Clock In' });
    await act(async () => {
      online = false;
      window.dispatchEvent(new Event('offline'));
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clock In' }));
    expect(await screen.findByTestId('outbox')).toHaveTextContent('1 press is not sent yet');
    const [entry] = await clockOutbox.store.list(EID);
    expect(entry).toMatchObject({ action: 'start', position: sentPosition });

    await act(async () => {
      online = true;
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByTestId('outbox')).toBeNull());
    const [sent] = posts(fetch);
    expect(sent!.url).toBe('/server/v1/clock/offline-press');
    expect(bodyOf(sent!.init)).toMatchObject({ action: 'start', trackingNumber: null, position: sentPosition });
  });
});
