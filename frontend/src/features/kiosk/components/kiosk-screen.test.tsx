import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KIOSK_STORAGE_KEY } from '@/lib/kiosk';
import { STORAGE_KEYS } from '@/lib/storage';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';
import { doneText, KioskScreen, NOT_A_KIOSK, REVOKED } from './kiosk-screen';
import { NOT_AN_ADMIN } from './leave-kiosk-modal';

const SECRET = 'kiosk-secret-1';
const PRESSED_AT = '2026-12-04T14:02:00Z';
const WRONG_PIN = 'That PIN is not right. 4 tries left before the kiosks lock Ana out for 5 minutes.';
const LOCKED = 'Too many wrong PINs: Ana can use the kiosks again at 9:07 AM, or ask an admin to reset the PIN.';

interface Person {
  id: number;
  firstname: string;
  lastname: string;
  status: number;
}

const PEOPLE: Person[] = [
  { id: 12, firstname: 'Ana', lastname: 'Lopez', status: 0 },
  { id: 7, firstname: 'Ben', lastname: 'Okafor', status: 1 },
  { id: 31, firstname: 'Cleo', lastname: 'Nguyen', status: 2 },
];

const failure = (status: number, code: string, message: string, errors: Record<string, string[]> = {}) =>
  response({ status, statusText: String(status), json: { code, message, errors, requestId: 'r1' } });

/** The kiosk's server: a roster whose states follow the presses, PIN 4711 for everyone. */
function server({ rosterStatus = 200, press }: { rosterStatus?: number; press?: (body: { employeeId: number; pin: string; action: string }) => Response | null } = {}) {
  let people = PEOPLE.map((p) => ({ ...p }));
  const presses: { body: unknown; headers: Headers }[] = [];
  const fetch = mockFetch({
    'GET /kiosk/roster': () =>
      rosterStatus === 200
        ? response({ json: { kioskName: 'Front desk tablet', locationName: 'Main Office', people } })
        : failure(rosterStatus, 'unauthorized', 'Please sign in.'),
    'POST /kiosk/press': (init) => {
      const body = bodyOf(init) as { employeeId: number; pin: string; action: string };
      presses.push({ body, headers: new Headers(init.headers) });
      const special = press?.(body);
      if (special) return special;
      if (body.pin !== '4711') return failure(403, 'wrong_pin', WRONG_PIN);
      const next = { start: 1, break: 2, resume: 1, end: 3 }[body.action] ?? 0;
      people = people.map((p) => (p.id === body.employeeId ? { ...p, status: next === 3 ? 0 : next } : p));
      const person = people.find((p) => p.id === body.employeeId)!;
      return response({
        json: {
          employeeId: person.id,
          firstname: person.firstname,
          lastname: person.lastname,
          clock: { status: next, minutes: 0, weekMinutes: 0, serverTime: PRESSED_AT, errors: [] },
        },
      });
    },
    'POST /kiosk/leave': (init) => {
      const { email, password } = bodyOf(init) as { email: string; password: string };
      if (email === 'admin@acme.example' && password === 'right-one') return response({ json: { left: true } });
      return failure(401, 'invalid_credentials', 'The email or password is incorrect.');
    },
  });
  return { fetch, presses, people: () => people };
}

const rosterCalls = (fetch: ReturnType<typeof mockFetch>) => fetch.mock.calls.filter(([url]) => String(url) === '/server/v1/kiosk/roster');

const person = (name: RegExp | string) => screen.getByRole('button', { name });

async function typePin(user: ReturnType<typeof userEvent.setup>, pin: string) {
  const pad = screen.getByRole('group', { name: 'Enter your PIN' });
  for (const digit of pin) await user.click(within(pad).getByRole('button', { name: digit }));
  await user.click(within(pad).getByRole('button', { name: 'OK' }));
}

beforeEach(() => {
  window.localStorage.setItem(KIOSK_STORAGE_KEY, SECRET);
});

afterEach(() => vi.useRealTimers());

describe('the kiosk screen', () => {
  it('says how a device becomes a kiosk when this one is none', async () => {
    window.localStorage.removeItem(KIOSK_STORAGE_KEY);
    const { fetch } = server();
    renderWithApp(<KioskScreen onLeft={vi.fn()} />, { path: '/kiosk' });
    expect(await screen.findByText(NOT_A_KIOSK)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the login page' })).toHaveAttribute('href', '/login');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the location, the kiosk's name and everyone's state, with the device's credential and nobody's session", async () => {
    // Someone's session in this browser is never sent from the kiosk.
    window.localStorage.setItem(STORAGE_KEYS.token, fakeToken());
    const { fetch } = server();
    renderWithApp(<KioskScreen onLeft={vi.fn()} />, { path: '/kiosk' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Main Office' })).toBeInTheDocument();
    expect(screen.getByTestId('kiosk-name')).toHaveTextContent('Front desk tablet');
    expect(screen.getByTestId('kiosk-clock')).toHaveTextContent(/\d{1,2}:\d{2}/);
    const tiles = await screen.findAllByTestId('kiosk-person');
    expect(tiles.map((tile) => tile.getAttribute('aria-label'))).toEqual(['Ana Lopez, Out', 'Ben Okafor, In', 'Cleo Nguyen, On break']);
    const headers = new Headers((fetch.mock.calls[0]![1] as RequestInit).headers);
    expect(headers.get('Authorization')).toBe(`Kiosk ${SECRET}`);

    // By name (any word, any order) or by employee number.
    const user = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'Find your name' });
    await user.type(search, 'nguyen cl');
    expect(screen.getAllByTestId('kiosk-person').map((tile) => tile.getAttribute('aria-label'))).toEqual(['Cleo Nguyen, On break']);
    await user.clear(search);
    await user.type(search, '7');
    expect(screen.getAllByTestId('kiosk-person').map((tile) => tile.getAttribute('aria-label'))).toEqual(['Ben Okafor, In']);
    await user.clear(search);
    await user.type(search, 'Zed');
    expect(screen.getByTestId('kiosk-no-match')).toHaveTextContent('Nobody matches “Zed”.');
  });

  it('offers the actions that fit each state', async () => {
    server();
    renderWithApp(<KioskScreen onLeft={vi.fn()} />, { path: '/kiosk' });
    const user = userEvent.setup();
    const actions = () => within(screen.getByTestId('kiosk-actions')).getAllByRole('button').map((b) => b.textContent);
    await user.click(await screen.findByRole('button', { name: 'Ana Lopez, Out' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Ana Lopez' })).toHaveFocus();
    expect(screen.getByText('You are not clocked in.')).toBeInTheDocument();
    expect(actions()).toEqual(['Clock In', 'Back']);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(person('Ben Okafor, In'));
    expect(actions()).toEqual(['Take a Break', 'Clock Out', 'Back']);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(person('Cleo Nguyen, On break'));
    expect(actions()).toEqual(['Resume', 'Clock Out', 'Back']);
    // The leave button is only on the list.
    expect(screen.queryByRole('button', { name: 'Leave kiosk mode' })).toBeNull();
  });

  it('clocks a person in with their PIN, says so, and reads the roster again', async () => {
    const { fetch, presses } = server();
    renderWithApp(<KioskScreen onLeft={vi.fn()} />, { path: '/kiosk' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ana Lopez, Out' }));
    await user.click(screen.getByRole('button', { name: 'Clock In' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Ana Lopez — Clock In' })).toBeInTheDocument();
    const before = rosterCalls(fetch).length;
    await typePin(user, '4711');

    const done = await screen.findByTestId('kiosk-done-text');
    expect(done).toHaveTextContent(/^Ana Lopez — clocked in at \d{1,2}:\d{2} (AM|PM)$/);
    expect(done.textContent).toBe(doneText({ employeeId: 12, firstname: 'Ana', lastname: 'Lopez', clock: { status: 1, serverTime: PRESSED_AT } }, 'start'));
    expect(screen.getByRole('status')).toContainElement(done);
    expect(presses).toHaveLength(1);
    expect(presses[0]!.body).toEqual({ employeeId: 12, pin: '4711', action: 'start' });
    expect(presses[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(presses[0]!.headers.get('Authorization')).toBe(`Kiosk ${SECRET}`);
    await waitFor(() => expect(rosterCalls(fetch).length).toBeGreaterThan(before));

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('button', { name: 'Ana Lopez, In' })).toBeInTheDocument();
    expect(screen.queryByTestId('kiosk-done')).toBeNull();
  });

  it('goes back to the list 4 seconds after a press', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server();
    renderWithApp(<KioskScreen onLeft={vi.fn()} />, { path: '/kiosk' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Ben Okafor, In' }));
    await user.click(screen.getByRole('button', { name: 'Take a Break' }));
    await user.keyboard('4711{Enter}');
    expect(await screen.findByTestId('kiosk-done-text')).toHaveTextContent(/^Ben Okafor — started a break at /);
    await act(() => vi.advanceTimersByTimeAsync(4_100));
    expect(screen.queryByTestId('kiosk-done')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Ben Okafor, On break' })).toBeInTheDocument();
  });

  it('says a wrong PIN is not right with the tries left, and takes the right one next', async () => {
    const { presses } = server();
    renderWithApp(<KioskScreen onLeft={vi.fn()} />, { path: '/kiosk' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ana Lopez, Out' }));
    await user.click(screen.getByRole('button', { name: 'Clock In' }));
    await typePin(user, '2580');
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_PIN);
    // The digits are cleared for the next try; the way back stays.
    expect(screen.getByTestId('pin-dots').querySelectorAll('[data-filled]')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await typePin(user, '4711');
    expect(await screen.findByTestId('kiosk-done-text')).toHaveTextContent(/^Ana Lopez — clocked in at /);
    expect(presses).toHaveLength(2);
    // A new press, a new key: the refused one was never made.
    expect(presses[0]!.headers.get('Idempotency-Key')).not.toBe(presses[1]!.headers.get('Idempotency-Key'));
  });

  it("says when a person is locked out or the clock refuses, with only the way back", async () => {
    server({
      press: (body) =>
        body.employeeId === 12
          ? failure(429, 'too_many_requests', LOCKED)
          : body.employeeId === 7
            ? failure(409, 'conflict', 'You are already on a break.')
            : null,
    });
    renderWithApp(<KioskScreen onLeft={vi.fn()} />, { path: '/kiosk' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ana Lopez, Out' }));
    await user.click(screen.getByRole('button', { name: 'Clock In' }));
    await typePin(user, '4711');
    expect(await screen.findByRole('alert')).toHaveTextContent(LOCKED);
    expect(screen.queryByTestId('pin-pad')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));

    await user.click(await screen.findByRole('button', { name: 'Ben Okafor, In' }));
    await user.click(screen.getByRole('button', { name: 'Take a Break' }));
    await typePin(user, '4711');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry You are already on a break.');
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    expect(await screen.findByRole('searchbox', { name: 'Find your name' })).toBeInTheDocument();
  });

  it('says the kiosk was revoked when the roster answers 401, and clears it on request', async () => {
    server({ rosterStatus: 401 });
    renderWithApp(<KioskScreen onLeft={vi.fn()} />, { path: '/kiosk' });
    expect(await screen.findByText(REVOKED)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear this kiosk' }));
    expect(window.localStorage.getItem(KIOSK_STORAGE_KEY)).toBeNull();
    expect(await screen.findByText(NOT_A_KIOSK)).toBeInTheDocument();
  });

  it('says the kiosk was revoked when a press answers 401', async () => {
    server({ press: () => failure(401, 'unauthorized', 'Please sign in.') });
    renderWithApp(<KioskScreen onLeft={vi.fn()} />, { path: '/kiosk' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cleo Nguyen, On break' }));
    await user.click(screen.getByRole('button', { name: 'Clock Out' }));
    await typePin(user, '4711');
    expect(await screen.findByText(REVOKED)).toBeInTheDocument();
    // Kept until someone chooses to clear it.
    expect(window.localStorage.getItem(KIOSK_STORAGE_KEY)).toBe(SECRET);
  });

  it("leaves kiosk mode with an admin's sign-in, and says so when it is not one", async () => {
    const onLeft = vi.fn();
    const { fetch } = server();
    renderWithApp(<KioskScreen onLeft={onLeft} />, { path: '/kiosk' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Leave kiosk mode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave kiosk mode' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Admin e-mail' }), 'ben@acme.example');
    await user.type(within(dialog).getByLabelText('Password'), 'guess');
    await user.click(within(dialog).getByRole('button', { name: 'Leave kiosk mode' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(NOT_AN_ADMIN);
    expect(onLeft).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(KIOSK_STORAGE_KEY)).toBe(SECRET);

    const email = within(dialog).getByRole('textbox', { name: 'Admin e-mail' });
    await user.clear(email);
    await user.type(email, 'admin@acme.example');
    await user.type(within(dialog).getByLabelText('Password'), 'right-one');
    await user.click(within(dialog).getByRole('button', { name: 'Leave kiosk mode' }));
    await waitFor(() => expect(onLeft).toHaveBeenCalledTimes(1));
    expect(window.localStorage.getItem(KIOSK_STORAGE_KEY)).toBeNull();
    const leave = fetch.mock.calls.filter(([url]) => String(url) === '/server/v1/kiosk/leave');
    expect(bodyOf(leave[1]![1] as RequestInit)).toEqual({ email: 'admin@acme.example', password: 'right-one' });
    expect(new Headers((leave[1]![1] as RequestInit).headers).get('Authorization')).toBe(`Kiosk ${SECRET}`);
  });
});
