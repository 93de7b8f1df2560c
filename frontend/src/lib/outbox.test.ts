import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import {
  correctedTime,
  createMemoryOutboxStore,
  createOffsetClock,
  createOutboxEngine,
  failureKind,
  MAX_SERVER_ATTEMPTS,
  measureOffset,
  projectSnapshot,
  uuidv7,
  type NewOutboxEntry,
  type OutgoingPress,
  type PressAnswer,
} from './outbox';

interface Status {
  status: 0 | 1 | 2 | 3;
  trackingNumber: number | null;
  serverTime: string | null;
}

const ANNA = 7;
const BEN = 8;

function press(eid: number, action: NewOutboxEntry['action'], overrides: Partial<NewOutboxEntry> = {}): NewOutboxEntry {
  return {
    eid,
    email: `${eid}@example.com`,
    action,
    trackingNumber: null,
    startKey: null,
    deviceTime: '2026-11-29T14:02:11.123Z',
    serverOffsetMs: 0,
    ...overrides,
  };
}

const applied = (status: Partial<Status> = {}, fields: Partial<PressAnswer<Status>> = {}): PressAnswer<Status> => ({
  outcome: 'applied',
  recordedAt: '2026-11-29T14:02:11Z',
  skewSeconds: 0,
  reason: null,
  requestId: null,
  status: { status: 1, trackingNumber: 41, serverTime: null, ...status },
  ...fields,
});

const networkDown = () => new TypeError('Failed to fetch');
const apiError = (status: number, message = 'No.', code = 'conflict') => new ApiError(status, '', { code, message, errors: {} });

/** An engine over an in-memory store, with `who` signed in and `send` answering. */
function setup(send: (press: OutgoingPress) => Promise<PressAnswer<Status>>, who: { eid: number | null } = { eid: ANNA }) {
  const store = createMemoryOutboxStore();
  const values = new Map<string, string>();
  const offset = createOffsetClock({ getItem: (k) => values.get(k) ?? null, setItem: (k, v) => void values.set(k, v) });
  const sent: OutgoingPress[] = [];
  const engine = createOutboxEngine<Status>({
    store,
    offset,
    currentEid: () => who.eid,
    send: async (p) => {
      sent.push(p);
      return send(p);
    },
  });
  return { store, engine, offset, sent, who };
}

describe('uuidv7', () => {
  it('is a version 7, RFC 9562 variant UUID carrying the time', () => {
    const key = uuidv7(Date.parse('2026-11-29T14:02:11.123Z'));
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const ms = parseInt(key.replace(/-/g, '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(Date.parse('2026-11-29T14:02:11.123Z'));
  });

  it('sorts in the order the keys were made, within one millisecond and across a clock set back', () => {
    const keys = [uuidv7(5_000_000), uuidv7(5_000_000), uuidv7(5_000_000), uuidv7(4_000_000), uuidv7(6_000_000)];
    expect([...keys].sort()).toEqual(keys);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the offset from the server clock', () => {
  it('is the server time against the middle of the round trip', () => {
    // Asked at 1000, answered at 1400 (device): the server said 10:00:00.200 at device 1200.
    const server = Date.parse('2026-11-29T10:00:00.200Z');
    expect(measureOffset('2026-11-29T10:00:00.200Z', 1000, 1400)).toBe(server - 1200);
    expect(measureOffset('not a time', 1000, 1400)).toBeNull();
  });

  it('is kept per device and read back', () => {
    const values = new Map<string, string>();
    const storage = { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
    const clock = createOffsetClock(storage);
    expect(clock.get()).toBeNull();
    clock.measure(new Date(1_000_000 - 600_000 + 50).toISOString(), 1_000_000, 1_000_100);
    expect(clock.get()).toBe(-600_000);
    expect(createOffsetClock(storage).get()).toBe(-600_000);
  });

  it('corrects a device time: a phone 10 minutes fast records 10 minutes earlier', () => {
    expect(correctedTime('2026-11-29T14:12:11.000Z', -600_000)).toBe('2026-11-29T14:02:11.000Z');
    expect(correctedTime('2026-11-29T14:12:11.000Z', null)).toBe('2026-11-29T14:12:11.000Z');
  });
});

describe('failureKind', () => {
  it('tells the network, an expired session, a failing server and a refusal apart', () => {
    expect(failureKind(networkDown())).toBe('network');
    expect(failureKind(apiError(503))).toBe('network');
    expect(failureKind(apiError(401, 'Sign in.', 'unauthorized'))).toBe('unauthorized');
    expect(failureKind(apiError(500))).toBe('server');
    expect(failureKind(apiError(409))).toBe('refused');
    expect(failureKind(apiError(403, 'Off.', 'mobile_clock_in_disabled'))).toBe('refused');
    expect(failureKind(apiError(422))).toBe('refused');
  });
});

describe('the outbox engine', () => {
  it('sends in the order the presses were made, one at a time, each with its own key', async () => {
    let inFlight = 0;
    const { engine, sent } = setup(async (p) => {
      inFlight += 1;
      expect(inFlight).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      return applied({ status: p.action === 'break' ? 2 : p.action === 'end' ? 3 : 1 });
    });
    for (const action of ['start', 'break', 'resume', 'end'] as const) await engine.queue(press(ANNA, action));
    expect(engine.view(ANNA).entries.map((e) => e.action)).toEqual(['start', 'break', 'resume', 'end']);

    // Two triggers at once (online and focus): one flush.
    const [first, second] = await Promise.all([engine.flush(), engine.flush()]);
    expect(first).toEqual({ sent: 4, stopped: null });
    expect(second).toEqual(first);
    expect(sent.map((p) => p.action)).toEqual(['start', 'break', 'resume', 'end']);
    expect(new Set(sent.map((p) => p.key)).size).toBe(4);
    expect(engine.view(ANNA).entries).toEqual([]);
    expect(engine.view(ANNA).notices.map((n) => [n.action, n.outcome])).toEqual([
      ['start', 'applied'],
      ['break', 'applied'],
      ['resume', 'applied'],
      ['end', 'applied'],
    ]);
    expect(engine.view(ANNA).lastAnswer?.status.status).toBe(3);
  });

  it('stops at the first network failure and keeps the order for the next flush', async () => {
    let down = false;
    const { engine, sent } = setup(async (p) => {
      if (down) throw networkDown();
      if (p.action === 'break') down = true;
      return applied();
    });
    for (const action of ['start', 'break', 'resume', 'end'] as const) await engine.queue(press(ANNA, action));
    // The network goes down once the break is through.
    expect(await engine.flush()).toEqual({ sent: 2, stopped: 'offline' });
    expect(engine.view(ANNA).entries.map((e) => e.action)).toEqual(['resume', 'end']);
    expect(engine.view(ANNA).blocked).toBe('offline');

    down = false;
    expect(await engine.flush()).toEqual({ sent: 2, stopped: null });
    expect(sent.map((p) => p.action)).toEqual(['start', 'break', 'resume', 'resume', 'end']);
    // The press tried twice went with the same key both times.
    expect(sent[2]!.key).toBe(sent[3]!.key);
    expect(engine.view(ANNA).blocked).toBeNull();
  });

  it("keeps each person's presses apart: another person signed in never sends nor sees them", async () => {
    const { engine, sent, who } = setup(async () => applied());
    await engine.queue(press(ANNA, 'start'));
    who.eid = BEN;
    await engine.queue(press(BEN, 'start', { deviceTime: '2026-11-29T15:00:00.000Z' }));
    expect((await engine.load(BEN)).entries.map((e) => e.eid)).toEqual([BEN]);

    expect(await engine.flush()).toEqual({ sent: 1, stopped: null });
    expect(sent.map((p) => p.deviceTime)).toEqual(['2026-11-29T15:00:00.000Z']);
    expect((await engine.load(ANNA)).entries).toHaveLength(1);
    expect(engine.view(BEN).notices).toHaveLength(1);
    expect(engine.view(ANNA).notices).toHaveLength(0);

    // Nobody signed in: nothing is sent.
    who.eid = null;
    expect(await engine.flush()).toEqual({ sent: 0, stopped: 'signed-out' });

    // Anna again: hers goes.
    who.eid = ANNA;
    expect(await engine.flush()).toEqual({ sent: 1, stopped: null });
    expect(sent).toHaveLength(2);
    expect(engine.view(ANNA).entries).toEqual([]);
  });

  it('stops sending when the person changes in the middle of a flush', async () => {
    const who = { eid: ANNA as number | null };
    const { engine, sent } = setup(async () => {
      who.eid = BEN;
      return applied();
    }, who);
    await engine.queue(press(ANNA, 'start'));
    await engine.queue(press(ANNA, 'break'));
    expect(await engine.flush()).toEqual({ sent: 1, stopped: 'signed-out' });
    expect(sent.map((p) => p.action)).toEqual(['start']);
    expect((await engine.load(ANNA)).entries.map((e) => e.action)).toEqual(['break']);
  });

  it("fills in a shift started offline: its presses take the tracking number of the start's answer", async () => {
    const { engine, sent } = setup(async (p) => applied({ trackingNumber: 77, status: p.action === 'start' ? 1 : 2 }));
    const start = await engine.queue(press(ANNA, 'start'));
    await engine.queue(press(ANNA, 'break', { startKey: start.key }));
    // A press of another shift keeps its own number.
    await engine.queue(press(ANNA, 'end', { trackingNumber: 12 }));
    await engine.flush();
    expect(sent.map((p) => [p.action, p.trackingNumber])).toEqual([
      ['start', null],
      ['break', 77],
      ['end', 12],
    ]);
  });

  it('keeps the number unknown (null) when the start was held for the manager', async () => {
    const { engine, sent } = setup(async (p) =>
      p.action === 'start'
        ? applied({ trackingNumber: null, status: 0 }, { outcome: 'held', reason: 'Too old.', requestId: 5 })
        : applied({ trackingNumber: null, status: 0 }, { outcome: 'held', reason: 'Too old.', requestId: 5 }),
    );
    const start = await engine.queue(press(ANNA, 'start'));
    await engine.queue(press(ANNA, 'end', { startKey: start.key }));
    await engine.flush();
    expect(sent.map((p) => p.trackingNumber)).toEqual([null, null]);
  });

  it("sends the offset measured before the press; never measured, the first one measured since", async () => {
    const { engine, sent, offset } = setup(async () => applied({ serverTime: null }));
    await engine.queue(press(ANNA, 'start', { serverOffsetMs: -600_000 }));
    await engine.queue(press(ANNA, 'break', { serverOffsetMs: null }));
    offset.measure(new Date(Date.now() - 600_000).toISOString(), Date.now(), Date.now());
    await engine.flush();
    expect(sent[0]!.serverOffsetMs).toBe(-600_000);
    expect(Math.abs(sent[1]!.serverOffsetMs + 600_000)).toBeLessThan(50);
  });

  it('measures the offset from every answer', async () => {
    const { engine, offset } = setup(async () => applied({ serverTime: new Date(Date.now() + 90_000).toISOString() }));
    await engine.queue(press(ANNA, 'start'));
    await engine.flush();
    expect(Math.abs(offset.get()! - 90_000)).toBeLessThan(100);
  });

  it('keeps the presses on an expired session (401) until the person signs in again', async () => {
    let expired = true;
    const { engine, sent } = setup(async () => {
      if (expired) throw apiError(401, 'Please sign in.', 'unauthorized');
      return applied();
    });
    await engine.queue(press(ANNA, 'start'));
    await engine.queue(press(ANNA, 'break'));
    expect(await engine.flush()).toEqual({ sent: 0, stopped: 'unauthorized' });
    expect(engine.view(ANNA).entries).toHaveLength(2);
    expect(engine.view(ANNA).blocked).toBe('unauthorized');
    expect(engine.view(ANNA).notices).toEqual([]);

    expired = false;
    expect(await engine.flush()).toEqual({ sent: 2, stopped: null });
    expect(sent.map((p) => p.action)).toEqual(['start', 'start', 'break']);
  });

  it('tells the person of a held press, with the reason and the request', async () => {
    const reason = 'Sent 4 days after it was made: a press older than 72 hours needs a manager\'s approval.';
    const { engine } = setup(async () => applied({ status: 0, trackingNumber: null }, { outcome: 'held', reason, requestId: 31, recordedAt: '2026-11-25T14:02:11Z', skewSeconds: 3 }));
    await engine.queue(press(ANNA, 'start', { deviceTime: '2026-11-25T14:02:08.000Z' }));
    await engine.flush();
    const [notice] = engine.view(ANNA).notices;
    expect(notice).toMatchObject({ outcome: 'held', reason, requestId: 31, recordedAt: '2026-11-25T14:02:11Z', skewSeconds: 3, action: 'start' });
    expect(engine.view(ANNA).entries).toEqual([]);
    await engine.dismiss(ANNA, [notice!.key]);
    expect(engine.view(ANNA).notices).toEqual([]);
  });

  it('gives up on a refused press (409, 403) with the server\'s word, and goes on with the next', async () => {
    const { engine, sent } = setup(async (p) => {
      if (p.action === 'start') throw apiError(409, 'You are already clocked in.');
      if (p.action === 'break') throw apiError(403, 'Clocking in from a phone is turned off.', 'mobile_clock_in_disabled');
      return applied();
    });
    await engine.queue(press(ANNA, 'start'));
    await engine.queue(press(ANNA, 'break'));
    await engine.queue(press(ANNA, 'end', { trackingNumber: 3 }));
    expect(await engine.flush()).toEqual({ sent: 1, stopped: null });
    expect(sent.map((p) => p.action)).toEqual(['start', 'break', 'end']);
    expect(engine.view(ANNA).notices.map((n) => [n.action, n.outcome, n.reason])).toEqual([
      ['start', 'refused', 'You are already clocked in.'],
      ['break', 'refused', 'Clocking in from a phone is turned off.'],
      ['end', 'applied', null],
    ]);
    // Refused ones are not sent again.
    await engine.flush();
    expect(sent).toHaveLength(3);
  });

  it('tries a failing server a few times, then gives the press up', async () => {
    const { engine, sent } = setup(async () => {
      throw apiError(500, 'Internal error.');
    });
    await engine.queue(press(ANNA, 'start'));
    for (let i = 1; i < MAX_SERVER_ATTEMPTS; i += 1) {
      expect(await engine.flush()).toEqual({ sent: 0, stopped: 'server' });
      expect(engine.view(ANNA).entries[0]?.attempts).toBe(i);
    }
    expect(await engine.flush()).toEqual({ sent: 0, stopped: null });
    expect(sent).toHaveLength(MAX_SERVER_ATTEMPTS);
    expect(engine.view(ANNA).entries).toEqual([]);
    expect(engine.view(ANNA).notices[0]).toMatchObject({ outcome: 'refused', reason: 'Internal error.' });
  });

  it('keeps presses stored while the network is down, and a press already stored is not stored twice', async () => {
    const { engine, store } = setup(async () => {
      throw networkDown();
    });
    const first = await engine.queue(press(ANNA, 'start', { key: '0190c3a2-0000-7000-8000-000000000001' }));
    await expect(engine.queue(press(ANNA, 'start', { key: first.key }))).rejects.toThrow();
    await engine.flush();
    expect(await store.list(ANNA)).toHaveLength(1);
  });
});

describe('projectSnapshot', () => {
  const base = {
    status: 0 as const,
    minutes: 0,
    weekMinutes: 600,
    trackingNumber: null,
    shiftStart: null,
    breakStart: null,
    serverTime: '2026-11-29T14:00:00.000Z',
    receivedAt: Date.parse('2026-11-29T14:00:00.000Z'),
  };
  const entry = (action: NewOutboxEntry['action'], deviceTime: string, key: string = action) => ({
    ...press(ANNA, action, { deviceTime }),
    key,
    seq: 0,
    attempts: 0,
    createdAt: 0,
  });

  it('shows a queued Clock In as clocked in, counting from the press, from the queued start', () => {
    const s = projectSnapshot(base, [entry('start', '2026-11-29T14:02:00.000Z', 's1')]);
    expect(s).toMatchObject({ status: 1, minutes: 0, trackingNumber: null, startKey: 's1', shiftStart: '2026-11-29T14:02:00.000Z' });
    expect(s.receivedAt).toBe(Date.parse('2026-11-29T14:02:00.000Z'));
    // The server's clock moved with it: the screen's clock does not jump.
    expect(Date.parse(s.serverTime!) - s.receivedAt).toBe(0);
  });

  it('applies a whole shift in order: break, end of break, clock out', () => {
    const s = projectSnapshot(base, [
      entry('start', '2026-11-29T14:00:00.000Z'),
      entry('break', '2026-11-29T16:00:00.000Z'),
      entry('resume', '2026-11-29T16:30:00.000Z'),
      entry('end', '2026-11-29T17:30:00.000Z'),
    ]);
    expect(s).toMatchObject({ status: 3, minutes: 180, weekMinutes: 780 });
  });

  it('keeps the known shift when there is nothing queued, and its number for presses on it', () => {
    const open = { ...base, status: 1 as const, trackingNumber: 41, minutes: 30 };
    expect(projectSnapshot(open, [])).toMatchObject({ status: 1, trackingNumber: 41, startKey: null, minutes: 30 });
    expect(projectSnapshot(open, [entry('break', '2026-11-29T14:10:00.000Z')])).toMatchObject({ status: 2, trackingNumber: 41, minutes: 40 });
  });
});
