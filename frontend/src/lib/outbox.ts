import { ApiError } from './api-client';

/**
 * The phone's outbox of clock presses (issue 39): a press made without a network is kept on the
 * device (IndexedDB, lib/outbox-idb.ts) with its own key, the device's time and the device's last
 * measured offset from the server's clock, and sent later, in order, exactly once by its key.
 *
 * This file holds the logic only: the store is a small interface (an in-memory one is below, for
 * tests and for browsers without IndexedDB), the sending is given (the clock feature's
 * POST /clock/offline-press), and so is who is signed in. Every press belongs to one person
 * (`eid`): only that person's presses are listed, shown and sent, and only while they are the one
 * signed in.
 */

export type PressAction = 'start' | 'break' | 'resume' | 'end';

/** The buttons' names of the four presses (spec 000 §4). */
export const PRESS_LABELS: Readonly<Record<PressAction, string>> = {
  start: 'Clock In',
  break: 'Take a Break',
  resume: 'End Break',
  end: 'Clock Out',
};

/**
 * Where the phone was at a press, when the company asks for it and the person allowed it (issue
 * 40): the Geolocation API's fix, `takenAt` by the phone's clock (ISO UTC).
 */
export interface PressPosition {
  latitude: number;
  longitude: number;
  /** Metres: the radius of 95 % confidence. */
  accuracy: number;
  takenAt: string;
}

export interface OutboxEntry {
  /** The press's identity (a UUIDv7): its Idempotency-Key. */
  key: string;
  /** Whose press: the signed-in person's employee id when it was made. */
  eid: number;
  email: string;
  action: PressAction;
  /** The open shift the phone knew; null when unknown (its start is itself queued). */
  trackingNumber: number | null;
  /** The queued start this press belongs to, when the shift was started on this phone offline. */
  startKey: string | null;
  /** The device's clock at the press, ISO UTC. */
  deviceTime: string;
  /** Server clock minus device clock as measured before the press; null when never measured. */
  serverOffsetMs: number | null;
  /** Where the phone was at the press; absent when not asked, refused or unavailable. */
  position?: PressPosition | null;
  /** When it was stored (device clock, ms). */
  createdAt: number;
  /** Order of the outbox: the order the presses were made in. */
  seq: number;
  /** Failed sends the server answered with an error of its own (5xx). */
  attempts: number;
}

export type NewOutboxEntry = Omit<OutboxEntry, 'key' | 'seq' | 'attempts' | 'createdAt'> & { key?: string; createdAt?: number };

/** What became of a sent press: recorded, held for a manager, or refused. */
export type NoticeOutcome = 'applied' | 'held' | 'refused';

export interface OutboxNotice {
  key: string;
  eid: number;
  action: PressAction;
  deviceTime: string;
  /** The time it was (or would have been) recorded at, ISO UTC. */
  recordedAt: string;
  outcome: NoticeOutcome;
  /** Why it was held or refused. */
  reason: string | null;
  /** The edit request a held press became. */
  requestId: number | null;
  /** How far the phone's clock was off, seconds (positive: fast), when the server said. */
  skewSeconds: number | null;
  /** When the answer came (device clock, ms). */
  settledAt: number;
  seq: number;
}

/** Where the outbox lives. Every method resolves once the change is committed. */
export interface OutboxStore {
  /** One person's presses, in order. */
  list(eid: number): Promise<OutboxEntry[]>;
  /** Stores a new press at the end of the outbox. */
  add(entry: Omit<OutboxEntry, 'seq'>): Promise<OutboxEntry>;
  update(entry: OutboxEntry): Promise<void>;
  /**
   * In one commit: removes the sent press `key`, keeps what became of it (`notice`) and updates the
   * presses that depended on it (`updates`, e.g. the tracking number of a shift started offline).
   */
  settle(key: string, notice: OutboxNotice | null, updates: readonly OutboxEntry[]): Promise<void>;
  /** One person's notices, oldest first. */
  notices(eid: number): Promise<OutboxNotice[]>;
  dismiss(keys: readonly string[]): Promise<void>;
  /** Forgets everything (tests). */
  clear(): Promise<void>;
}

const bySeq = <T extends { seq: number }>(a: T, b: T) => a.seq - b.seq;

/** The outbox in memory: for tests, and a browser without IndexedDB (lost on reload). */
export function createMemoryOutboxStore(): OutboxStore {
  const entries = new Map<string, OutboxEntry>();
  const notices = new Map<string, OutboxNotice>();
  let seq = 0;
  const copy = <T>(value: T): T => ({ ...value });
  return {
    list: async (eid) => [...entries.values()].filter((e) => e.eid === eid).sort(bySeq).map(copy),
    add: async (entry) => {
      if (entries.has(entry.key)) throw new Error(`press ${entry.key} is already in the outbox`);
      const stored = { ...entry, seq: ++seq };
      entries.set(stored.key, stored);
      return copy(stored);
    },
    update: async (entry) => {
      if (entries.has(entry.key)) entries.set(entry.key, copy(entry));
    },
    settle: async (key, notice, updates) => {
      for (const update of updates) if (entries.has(update.key)) entries.set(update.key, copy(update));
      if (notice) notices.set(notice.key, { ...notice, seq: ++seq });
      entries.delete(key);
    },
    notices: async (eid) => [...notices.values()].filter((n) => n.eid === eid).sort(bySeq).map(copy),
    dismiss: async (keys) => keys.forEach((key) => notices.delete(key)),
    clear: async () => {
      entries.clear();
      notices.clear();
    },
  };
}

// --- UUIDv7 (RFC 9562 §5.7): 48 bits of Unix milliseconds, then randomness; monotonic in a tab.

let lastMs = -1;
let lastCounter = 0;

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * A fresh UUIDv7. Within one millisecond the 12 bits after the version count up (RFC 9562 §6.2,
 * method 1), so keys made in a row sort in the order they were made.
 */
export function uuidv7(nowMs: number = Date.now(), random: (bytes: Uint8Array<ArrayBuffer>) => void = (b) => crypto.getRandomValues(b)): string {
  const bytes = new Uint8Array(16);
  random(bytes);
  let ms = Math.max(0, Math.floor(nowMs));
  let counter: number;
  if (ms <= lastMs) {
    ms = lastMs;
    counter = lastCounter + 1;
    if (counter > 0xfff) {
      ms += 1;
      counter = bytes[6]! & 0x07;
    }
  } else {
    // Room to count up: the counter starts in the lower half.
    counter = ((bytes[6]! & 0x07) << 8) | bytes[7]!;
  }
  lastMs = ms;
  lastCounter = counter;
  // 48-bit timestamp, big-endian.
  let t = ms;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = t % 256;
    t = Math.floor(t / 256);
  }
  bytes[6] = 0x70 | ((counter >> 8) & 0x0f);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const h = hex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

// --- The server's clock, as the phone last measured it.

export interface OffsetClock {
  /** Server clock minus device clock in ms, as last measured; null when never measured. */
  get(): number | null;
  /** Measures it from an answer: the server's time against the middle of the round trip. */
  measure(serverTime: string | null, sentAt: number, receivedAt: number): number | null;
}

export const OFFSET_STORAGE_KEY = 'timekeep.clock.serverOffset';

/** `Date.parse(serverTime) - (sentAt + rtt / 2)`. */
export function measureOffset(serverTime: string, sentAt: number, receivedAt: number): number | null {
  const server = Date.parse(serverTime);
  if (Number.isNaN(server) || receivedAt < sentAt) return null;
  return Math.round(server - (sentAt + (receivedAt - sentAt) / 2));
}

/** The device's offset, kept in `storage` (localStorage: one per device) when there is one. */
export function createOffsetClock(storage: Pick<Storage, 'getItem' | 'setItem'> | null): OffsetClock {
  let memory: number | null = null;
  const read = (): number | null => {
    try {
      const raw = storage?.getItem(OFFSET_STORAGE_KEY);
      if (raw) {
        const value = Number((JSON.parse(raw) as { offsetMs?: unknown }).offsetMs);
        if (Number.isFinite(value)) return value;
      }
    } catch {
      // An unreadable value is one never measured.
    }
    return memory;
  };
  return {
    get: read,
    measure: (serverTime, sentAt, receivedAt) => {
      if (!serverTime) return null;
      const offset = measureOffset(serverTime, sentAt, receivedAt);
      if (offset === null) return null;
      memory = offset;
      try {
        storage?.setItem(OFFSET_STORAGE_KEY, JSON.stringify({ offsetMs: offset, measuredAt: receivedAt }));
      } catch {
        // Storage full or refused: kept in memory.
      }
      return offset;
    },
  };
}

/** The time a press will be recorded at: the device's time corrected by the offset. */
export const correctedTime = (deviceTime: string, offsetMs: number | null): string =>
  new Date(Date.parse(deviceTime) + (offsetMs ?? 0)).toISOString();

// --- Sending.

/** The fields of a clock status the outbox reads: the shift it answered, the server's time. */
export interface PressStatus {
  trackingNumber: number | null;
  serverTime: string | null;
}

/** POST /clock/offline-press's answer. */
export interface PressAnswer<S extends PressStatus> {
  outcome: 'applied' | 'held';
  recordedAt: string;
  skewSeconds: number;
  reason: string | null;
  requestId: number | null;
  status: S;
}

/** A press as it is sent: the tracking number known now, the offset to correct its time by. */
export interface OutgoingPress {
  key: string;
  action: PressAction;
  trackingNumber: number | null;
  deviceTime: string;
  serverOffsetMs: number;
  /** Where the phone was at the press, when it was asked and known. */
  position?: PressPosition;
}

/**
 * Why a send failed: no network (or a gateway that could not reach the server: try later), the
 * session expired (keep the press until the person signs in again), the server failed (a few
 * tries), or the server refused the press (do not send it again: the person is told).
 */
export type FailureKind = 'network' | 'unauthorized' | 'server' | 'refused';

const LATER_STATUSES = new Set([408, 425, 429, 502, 503, 504]);

export function failureKind(error: unknown): FailureKind {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'unauthorized';
    if (LATER_STATUSES.has(error.status) || error.status === 0) return 'network';
    if (error.status >= 500) return 'server';
    return 'refused';
  }
  if (error instanceof TypeError) return 'network';
  if (typeof DOMException !== 'undefined' && error instanceof DOMException && ['NetworkError', 'AbortError', 'TimeoutError'].includes(error.name)) {
    return 'network';
  }
  return 'server';
}

/** A fetch that never reached the server (or a gateway that could not): worth sending again later. */
export const isNetworkFailure = (error: unknown): boolean => failureKind(error) === 'network';

/** A press that failed this many times with a server error is given up (and the person told). */
export const MAX_SERVER_ATTEMPTS = 5;

export type Blocked = 'offline' | 'unauthorized' | 'server' | null;

export interface OutboxView<S extends PressStatus> {
  eid: number | null;
  /** False until the store has been read once. */
  loaded: boolean;
  entries: readonly OutboxEntry[];
  notices: readonly OutboxNotice[];
  sending: boolean;
  /** Why the last flush stopped short. */
  blocked: Blocked;
  /** The newest status a sent press was answered with, and when it came (device clock). */
  lastAnswer: { status: S; receivedAt: number } | null;
}

export interface FlushResult {
  sent: number;
  stopped: Blocked | 'signed-out';
}

export interface OutboxEngineDeps<S extends PressStatus> {
  store: OutboxStore;
  send: (press: OutgoingPress) => Promise<PressAnswer<S>>;
  /** Who is signed in now (employee id), or null. */
  currentEid: () => number | null;
  offset: OffsetClock;
  now?: () => number;
  /** Called once per answered press, before its removal from the store is committed. */
  onAnswer?: (eid: number, entry: OutboxEntry, answer: PressAnswer<S>, receivedAt: number) => void;
  /** Asks the browser to wake the service worker when the network is back (Background Sync). */
  requestSync?: () => void;
}

export interface OutboxEngine<S extends PressStatus> {
  readonly store: OutboxStore;
  view(eid: number | null): OutboxView<S>;
  subscribe(listener: () => void): () => void;
  /** Reads one person's outbox from the store again. */
  load(eid: number): Promise<OutboxView<S>>;
  /** Stores a press (resolves once committed) and shows it. */
  queue(entry: NewOutboxEntry): Promise<OutboxEntry>;
  /** Sends the signed-in person's presses in order, one at a time; one flush runs at a time. */
  flush(): Promise<FlushResult>;
  dismiss(eid: number, keys: readonly string[]): Promise<void>;
  /** Forgets the views in memory (tests). */
  reset(): Promise<void>;
}

function emptyView<S extends PressStatus>(eid: number | null): OutboxView<S> {
  return { eid, loaded: false, entries: [], notices: [], sending: false, blocked: null, lastAnswer: null };
}

export function createOutboxEngine<S extends PressStatus>(deps: OutboxEngineDeps<S>): OutboxEngine<S> {
  const { store, send, currentEid, offset } = deps;
  const now = deps.now ?? Date.now;
  const views = new Map<number, OutboxView<S>>();
  const listeners = new Set<() => void>();
  const noPerson = emptyView<S>(null);
  let running: Promise<FlushResult> | null = null;
  let again = false;

  const emit = () => listeners.forEach((listener) => listener());
  const patch = (eid: number, changes: Partial<OutboxView<S>>) => {
    views.set(eid, { ...(views.get(eid) ?? emptyView<S>(eid)), ...changes });
    emit();
  };

  /** Reads `eid`'s outbox again, showing it with `changes` at once (an answer and its removal together). */
  async function load(eid: number, changes: Partial<OutboxView<S>> = {}): Promise<OutboxView<S>> {
    try {
      const [entries, notices] = await Promise.all([store.list(eid), store.notices(eid)]);
      patch(eid, { ...changes, loaded: true, entries, notices });
    } catch (error) {
      // An unreadable store shows an empty outbox rather than nothing at all.
      patch(eid, { ...changes, loaded: true });
      throw error;
    }
    return views.get(eid)!;
  }

  function notice(entry: OutboxEntry, outcome: NoticeOutcome, fields: Partial<OutboxNotice>): OutboxNotice {
    return {
      key: entry.key,
      eid: entry.eid,
      action: entry.action,
      deviceTime: entry.deviceTime,
      recordedAt: correctedTime(entry.deviceTime, entry.serverOffsetMs ?? offset.get()),
      outcome,
      reason: null,
      requestId: null,
      skewSeconds: null,
      settledAt: now(),
      seq: 0,
      ...fields,
    };
  }

  async function flushOnce(): Promise<FlushResult> {
    const eid = currentEid();
    if (eid === null) return { sent: 0, stopped: 'signed-out' };
    let sent = 0;
    patch(eid, { sending: true });
    try {
      for (;;) {
        const entries = await store.list(eid);
        const entry = entries[0];
        if (!entry) break;
        // Another person signed in meanwhile: their session never carries this press.
        if (currentEid() !== eid) return { sent, stopped: 'signed-out' };
        const sentAt = now();
        let answer: PressAnswer<S>;
        try {
          answer = await send({
            key: entry.key,
            action: entry.action,
            trackingNumber: entry.trackingNumber,
            deviceTime: entry.deviceTime,
            // Never measured before the press: the first measurement since is the best there is.
            serverOffsetMs: entry.serverOffsetMs ?? offset.get() ?? 0,
            ...(entry.position ? { position: entry.position } : {}),
          });
        } catch (error) {
          const kind = failureKind(error);
          if (kind === 'network' || kind === 'unauthorized') {
            patch(eid, { blocked: kind === 'network' ? 'offline' : 'unauthorized' });
            return { sent, stopped: kind === 'network' ? 'offline' : 'unauthorized' };
          }
          const reason = error instanceof ApiError ? error.firstMessage : error instanceof Error ? error.message : String(error);
          if (kind === 'server' && entry.attempts + 1 < MAX_SERVER_ATTEMPTS) {
            await store.update({ ...entry, attempts: entry.attempts + 1 });
            patch(eid, { blocked: 'server' });
            return { sent, stopped: 'server' };
          }
          // Refused (or failing for good): told once, never sent again; the next press goes on.
          await store.settle(entry.key, notice(entry, 'refused', { reason }), []);
          await load(eid);
          continue;
        }
        const receivedAt = now();
        offset.measure(answer.status.serverTime, sentAt, receivedAt);
        // A shift started offline: its presses take the tracking number the start was given.
        const tn = answer.status.trackingNumber;
        const updates =
          entry.action === 'start' && answer.outcome === 'applied' && tn !== null
            ? entries.filter((e) => e.startKey === entry.key && e.trackingNumber === null).map((e) => ({ ...e, trackingNumber: tn }))
            : [];
        deps.onAnswer?.(eid, entry, answer, receivedAt);
        await store.settle(
          entry.key,
          notice(entry, answer.outcome, {
            recordedAt: answer.recordedAt,
            reason: answer.reason,
            requestId: answer.requestId,
            skewSeconds: answer.skewSeconds,
          }),
          updates,
        );
        sent += 1;
        await load(eid, { lastAnswer: { status: answer.status, receivedAt } });
      }
      patch(eid, { blocked: null });
      return { sent, stopped: null };
    } finally {
      await load(eid).catch(() => undefined);
      patch(eid, { sending: false });
    }
  }

  async function flush(): Promise<FlushResult> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let sent = 0;
      let result: FlushResult;
      do {
        again = false;
        result = await flushOnce();
        sent += result.sent;
      } while (again && result.stopped === null);
      return { ...result, sent };
    })();
    try {
      return await running;
    } finally {
      running = null;
    }
  }

  return {
    store,
    view: (eid) => (eid === null ? noPerson : (views.get(eid) ?? (views.set(eid, emptyView<S>(eid)), views.get(eid)!))),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load,
    queue: async (input) => {
      const stored = await store.add({
        ...input,
        key: input.key ?? uuidv7(),
        createdAt: input.createdAt ?? now(),
        attempts: 0,
      });
      await load(input.eid);
      deps.requestSync?.();
      return stored;
    },
    flush,
    dismiss: async (eid, keys) => {
      await store.dismiss(keys);
      await load(eid);
    },
    reset: async () => {
      await store.clear();
      views.clear();
      emit();
    },
  };
}

// --- What the clock screen shows: the last confirmed status with the queued presses on top.

/** The fields of a clock snapshot the projection changes. */
export interface ProjectableSnapshot {
  status: 0 | 1 | 2 | 3;
  minutes: number;
  weekMinutes: number;
  trackingNumber: number | null;
  shiftStart: string | null;
  breakStart: string | null;
  serverTime: string | null;
  /** When the browser received it (device clock, ms): the live counters run from here. */
  receivedAt: number;
}

/**
 * `snapshot` with `entries` applied in order, as if each had been answered at its device time:
 * after a queued Clock In it is clocked in with the shift's minutes counting from the press. Also
 * says which queued start the open shift comes from (`startKey`), for the next press.
 */
export function projectSnapshot<T extends ProjectableSnapshot>(snapshot: T, entries: readonly OutboxEntry[]): T & { startKey: string | null } {
  let s: T & { startKey: string | null } = { ...snapshot, startKey: null };
  for (const entry of entries) {
    const at = Date.parse(entry.deviceTime);
    if (Number.isNaN(at)) continue;
    const worked = s.status === 1 ? Math.max(0, Math.floor((at - s.receivedAt) / 60_000)) : 0;
    const serverMs = s.serverTime ? Date.parse(s.serverTime) : Number.NaN;
    // The server's clock moves with the receipt, so the screen's clock stays where it was.
    const serverTime = Number.isNaN(serverMs) ? s.serverTime : new Date(serverMs + (at - s.receivedAt)).toISOString();
    const recorded = correctedTime(entry.deviceTime, entry.serverOffsetMs);
    const base = { ...s, receivedAt: at, serverTime, weekMinutes: s.weekMinutes + worked };
    switch (entry.action) {
      case 'start':
        s = { ...base, status: 1, minutes: 0, trackingNumber: null, startKey: entry.key, shiftStart: recorded, breakStart: null };
        break;
      case 'break':
        s = { ...base, status: 2, minutes: s.minutes + worked, breakStart: recorded };
        break;
      case 'resume':
        s = { ...base, status: 1, breakStart: null };
        break;
      case 'end':
        s = { ...base, status: 3, minutes: s.minutes + worked, breakStart: null };
        break;
    }
  }
  return s;
}
