import { createMemoryOutboxStore, type OutboxEntry, type OutboxNotice, type OutboxStore } from './outbox';

/**
 * The outbox in IndexedDB (issue 39): it outlives the tab, a reload and the phone's restart.
 * Database `timekeep-outbox`: `presses` (the unsent presses) and `notices` (what became of the
 * sent ones, until the person has read it), both keyed by the press's key, with an index by person.
 * Every method resolves on the transaction's `complete`: once it resolves, the press is stored.
 */

const DB_NAME = 'timekeep-outbox';
const DB_VERSION = 1;
const PRESSES = 'presses';
const NOTICES = 'notices';
const BY_PERSON = 'eid';

type StoreName = typeof PRESSES | typeof NOTICES;

/** The browser has no usable IndexedDB here (refused, or broken): the outbox lives in memory. */
class OutboxUnavailableError extends Error {
  constructor(cause: unknown) {
    super('IndexedDB could not be opened', { cause });
    this.name = 'OutboxUnavailableError';
  }
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(DB_NAME, DB_VERSION);
    } catch (error) {
      reject(new OutboxUnavailableError(error));
      return;
    }
    request.onupgradeneeded = () => {
      const db = request.result;
      for (const name of [PRESSES, NOTICES]) {
        if (!db.objectStoreNames.contains(name)) db.createObjectStore(name, { keyPath: 'key' }).createIndex(BY_PERSON, 'eid');
      }
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab's newer version wants the database: let it.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = () => reject(new OutboxUnavailableError(request.error));
  });
}

/**
 * Runs `work` in one transaction over `names` and resolves with what it set aside once the
 * transaction has committed (rejects when it aborts).
 */
function transaction<T>(db: IDBDatabase, names: StoreName[], mode: IDBTransactionMode, work: (tx: IDBTransaction, done: (value: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let result: T;
    let tx: IDBTransaction;
    try {
      tx = db.transaction(names, mode, mode === 'readwrite' ? { durability: 'strict' } : undefined);
    } catch (error) {
      reject(error);
      return;
    }
    tx.oncomplete = () => resolve(result);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    tx.onerror = () => undefined;
    work(tx, (value) => {
      result = value;
    });
  });
}

const bySeq = <T extends { seq: number }>(a: T, b: T) => a.seq - b.seq;

/** The store in IndexedDB of `factory` (window.indexedDB). */
export function createIdbOutboxStore(factory: IDBFactory): OutboxStore {
  let opening: Promise<IDBDatabase> | null = null;
  const db = async (): Promise<IDBDatabase> => {
    opening ??= openDatabase(factory).catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };

  const byPerson = async <T extends { seq: number }>(name: StoreName, eid: number): Promise<T[]> =>
    transaction<T[]>(await db(), [name], 'readonly', (tx, done) => {
      const request = tx.objectStore(name).index(BY_PERSON).getAll(IDBKeyRange.only(eid));
      request.onsuccess = () => done((request.result as T[]).sort(bySeq));
    });

  /** The next number of the outbox's order, across both stores (read in the same transaction). */
  const nextSeq = (tx: IDBTransaction, then: (seq: number) => void) => {
    let max = 0;
    let pending = 2;
    for (const name of [PRESSES, NOTICES] as const) {
      const request = tx.objectStore(name).getAll();
      request.onsuccess = () => {
        for (const item of request.result as { seq: number }[]) max = Math.max(max, item.seq);
        if (--pending === 0) then(max + 1);
      };
    }
  };

  return {
    list: (eid) => byPerson<OutboxEntry>(PRESSES, eid),
    notices: (eid) => byPerson<OutboxNotice>(NOTICES, eid),
    add: async (entry) =>
      transaction<OutboxEntry>(await db(), [PRESSES, NOTICES], 'readwrite', (tx, done) => {
        nextSeq(tx, (seq) => {
          const stored: OutboxEntry = { ...entry, seq };
          // add, not put: a key already stored aborts the transaction.
          tx.objectStore(PRESSES).add(stored);
          done(stored);
        });
      }),
    update: async (entry) =>
      transaction<void>(await db(), [PRESSES], 'readwrite', (tx) => {
        const presses = tx.objectStore(PRESSES);
        const request = presses.get(entry.key);
        request.onsuccess = () => {
          if (request.result) presses.put(entry);
        };
      }),
    settle: async (key, notice, updates) =>
      transaction<void>(await db(), [PRESSES, NOTICES], 'readwrite', (tx) => {
        const presses = tx.objectStore(PRESSES);
        for (const update of updates) {
          const request = presses.get(update.key);
          request.onsuccess = () => {
            if (request.result) presses.put(update);
          };
        }
        presses.delete(key);
        if (notice) {
          nextSeq(tx, (seq) => {
            tx.objectStore(NOTICES).put({ ...notice, seq });
          });
        }
      }),
    dismiss: async (keys) =>
      transaction<void>(await db(), [NOTICES], 'readwrite', (tx) => {
        for (const key of keys) tx.objectStore(NOTICES).delete(key);
      }),
    clear: async () =>
      transaction<void>(await db(), [PRESSES, NOTICES], 'readwrite', (tx) => {
        tx.objectStore(PRESSES).clear();
        tx.objectStore(NOTICES).clear();
      }),
  };
}

/**
 * A store that tries IndexedDB first and, where there is none (a test, a private window that
 * refuses it), keeps the presses in memory instead.
 */
export function createBrowserOutboxStore(): OutboxStore {
  const factory = typeof indexedDB === 'undefined' ? null : indexedDB;
  if (!factory) return createMemoryOutboxStore();
  const idb = createIdbOutboxStore(factory);
  const memory = createMemoryOutboxStore();
  let fallback = false;
  const pick = async <T>(run: (store: OutboxStore) => Promise<T>): Promise<T> => {
    if (fallback) return run(memory);
    try {
      return await run(idb);
    } catch (error) {
      // Only a database that cannot be opened at all falls back; a failed write is an error.
      if (error instanceof OutboxUnavailableError) {
        fallback = true;
        return run(memory);
      }
      throw error;
    }
  };
  return {
    list: (eid) => pick((s) => s.list(eid)),
    notices: (eid) => pick((s) => s.notices(eid)),
    add: (entry) => pick((s) => s.add(entry)),
    update: (entry) => pick((s) => s.update(entry)),
    settle: (key, notice, updates) => pick((s) => s.settle(key, notice, updates)),
    dismiss: (keys) => pick((s) => s.dismiss(keys)),
    clear: () => pick((s) => s.clear()),
  };
}

let shared: OutboxStore | null = null;

/** The page's one outbox store. */
export function outboxStore(): OutboxStore {
  shared ??= createBrowserOutboxStore();
  return shared;
}

/** How many presses of `eid` wait on this phone (0 when it cannot tell). */
export async function unsentPressCount(eid: number | null): Promise<number> {
  if (eid === null) return 0;
  try {
    return (await outboxStore().list(eid)).length;
  } catch {
    return 0;
  }
}
