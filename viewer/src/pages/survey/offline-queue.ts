// The surveyor's outbox: every set of answers is stored on the device first (IndexedDB), then sent;
// what cannot be sent (no connection) waits for the browser's `online` event. Each entry carries the
// client id made when the surveyor saved, and the server stores one post per client id, so an entry
// sent twice (a reply lost on the way back) is still one post.

export interface OutboxEntry {
  client_id: string;
  survey_id: number;
  parcel_path: string;
  answers: Record<string, string>;
  status: 1 | 2;
  photo: Blob | null;
  queued_at: number;
}

export interface OutboxStore {
  all(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  delete(clientId: string): Promise<void>;
}

/** What the server said: sent (or already there), refused for good (a 4xx), or not reached (retry later). */
export type SendResult = 'sent' | 'refused' | 'offline';

export interface FlushReport {
  sent: string[];
  refused: { client_id: string; message: string }[];
  waiting: number;
}

let flushing: Promise<FlushReport> | null = null;

/**
 * Sends the waiting entries oldest first. Stops at the first entry the network did not take (the rest
 * would fail too) and keeps it; drops an entry the server refused (it would be refused again). One
 * flush at a time: a second call while one runs gets the running one.
 */
export function flushOutbox(
  store: OutboxStore,
  send: (e: OutboxEntry) => Promise<{ result: SendResult; message?: string }>,
): Promise<FlushReport> {
  flushing ??= (async () => {
    const report: FlushReport = { sent: [], refused: [], waiting: 0 };
    try {
      const entries = (await store.all()).sort((a, b) => a.queued_at - b.queued_at);
      for (const [index, entry] of entries.entries()) {
        const { result, message } = await send(entry);
        if (result === 'offline') {
          report.waiting = entries.length - index;
          break;
        }
        await store.delete(entry.client_id);
        if (result === 'sent') report.sent.push(entry.client_id);
        else report.refused.push({ client_id: entry.client_id, message: message ?? 'Refused' });
      }
      return report;
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/** An in-memory outbox (tests, and browsers without IndexedDB such as some private modes). */
export function memoryOutbox(): OutboxStore {
  const entries = new Map<string, OutboxEntry>();
  return {
    all: async () => [...entries.values()],
    put: async (e) => void entries.set(e.client_id, e),
    delete: async (id) => void entries.delete(id),
  };
}

const dbName = 'parcel-map-survey-outbox';
const storeName = 'posts';

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

/** The outbox in IndexedDB, keyed by client id (putting an entry again replaces it). */
export function indexedDbOutbox(): OutboxStore {
  if (typeof indexedDB === 'undefined') return memoryOutbox();
  const open = new Promise<IDBDatabase>((resolve, reject) => {
    const r = indexedDB.open(dbName, 1);
    r.onupgradeneeded = () => r.result.createObjectStore(storeName, { keyPath: 'client_id' });
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  const run = async <T>(mode: IDBTransactionMode, op: (s: IDBObjectStore) => IDBRequest<T>) =>
    request(op((await open).transaction(storeName, mode).objectStore(storeName)));
  return {
    all: () => run('readonly', (s) => s.getAll() as IDBRequest<OutboxEntry[]>),
    put: async (e) => void (await run('readwrite', (s) => s.put(e))),
    delete: async (id) => void (await run('readwrite', (s) => s.delete(id))),
  };
}

/** POSTs one entry as multipart (the photo as a file); a network failure or a 5xx is "offline". */
export async function sendEntry(entry: OutboxEntry, csrf: string): Promise<{ result: SendResult; message?: string }> {
  const form = new FormData();
  form.set('client_id', entry.client_id);
  form.set('parcel_path', entry.parcel_path);
  form.set('answers', JSON.stringify(entry.answers));
  form.set('status', String(entry.status));
  if (entry.photo) form.set('photo', entry.photo, 'photo');
  let response: Response;
  try {
    response = await fetch(`/surveys/${entry.survey_id}/posts.json`, {
      method: 'POST',
      body: form,
      headers: { 'X-CSRF-Token': csrf, Accept: 'application/json' },
    });
  } catch {
    return { result: 'offline' };
  }
  if (response.ok) return { result: 'sent' };
  // 401 (signed out) and 5xx may pass; other refusals would repeat.
  if (response.status >= 500 || response.status === 401 || response.status === 429) return { result: 'offline' };
  const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
  return { result: 'refused', message: body.error?.message };
}
