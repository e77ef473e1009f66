// Remote data as one state type and one hook. Remote<T> is loading, done with a value, or failed with
// the API's message; useRemote fetches a GET path, useRemoteCall any loader. Both abort the request in
// flight when their key changes or the component unmounts, so a stale answer never lands.
import { useCallback, useEffect, useState } from 'react';
import { getJson, isAbort } from './client.ts';

export type Remote<T> =
  | { status: 'loading' }
  | { status: 'done'; value: T }
  | { status: 'failed'; message: string; error?: unknown };

export const loadingRemote: Remote<never> = { status: 'loading' };

export function doneRemote<T>(value: T): Remote<T> {
  return { status: 'done', value };
}

/** The failure of a call: the API's message (ApiError carries the server's own words). */
export function failedRemote(error: unknown): Remote<never> {
  return { status: 'failed', message: (error as Error | null)?.message ?? String(error), error };
}

/** The value when done, else undefined. */
export function valueOf<T>(remote: Remote<T>): T | undefined {
  return remote.status === 'done' ? remote.value : undefined;
}

export interface RemoteOptions {
  /** Keep showing the last answer (or failure) until the next one arrives, instead of loading again. */
  keepValue?: boolean;
}

/**
 * Runs `load` whenever `key` changes (and on reload()); null waits without loading. The previous run is
 * aborted and its answer dropped.
 */
export function useRemoteCall<T>(
  load: ((signal: AbortSignal) => Promise<T>) | null,
  key: string,
  options: RemoteOptions = {},
): [Remote<T>, () => void] {
  const [remote, setRemote] = useState<Remote<T>>(loadingRemote);
  const [generation, setGeneration] = useState(0);
  const enabled = load !== null;
  const keepValue = options.keepValue === true;
  useEffect(() => {
    if (!load) return;
    const request = new AbortController();
    if (!keepValue) setRemote(loadingRemote);
    load(request.signal).then(
      (value) => {
        if (!request.signal.aborted) setRemote(doneRemote(value));
      },
      (error: unknown) => {
        if (!request.signal.aborted && !isAbort(error)) setRemote(failedRemote(error));
      },
    );
    return () => request.abort();
    // `load` is a new function on every render; `key` names what it loads.
  }, [enabled, key, generation, keepValue]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return [remote, reload];
}

/** GET `path` with `params` (null path: wait); `revision` refetches when it changes. */
export function useRemote<T>(
  path: string | null,
  params: Record<string, string | number | undefined> = {},
  options: RemoteOptions & { revision?: number } = {},
): [Remote<T>, () => void] {
  const key = JSON.stringify([path, params, options.revision ?? 0]);
  return useRemoteCall(path === null ? null : (signal) => getJson<T>(path, params, signal), key, options);
}
