// Loads one admin list or count from the admin API. The server answers 404 to anyone but an admin, so
// "not found" is a state of its own: the page then shows the not-found page and nothing of the admin.
import { useCallback, useEffect, useState } from 'react';
import { ApiError, getJson } from '../../api/client.ts';

export type AdminData<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'not-found' }
  | { status: 'failed'; message: string };

export function useAdminJson<T>(path: string, params: Record<string, string | number | undefined> = {}): { state: AdminData<T>; reload: () => void } {
  const [state, setState] = useState<AdminData<T>>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const key = JSON.stringify(params);

  useEffect(() => {
    const request = new AbortController();
    getJson<T>(path, JSON.parse(key) as typeof params, request.signal)
      .then((data) => setState({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (request.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setState({ status: 'not-found' });
        else setState({ status: 'failed', message: (error as Error).message });
      });
    return () => request.abort();
  }, [path, key, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { state, reload };
}
