// The group's focus areas for the pane (GET /neighborhoods.json): loading, then succeeded or failed
// (spec 4 and 8); fetched again when a focus area is saved.
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { isAbort } from '../../api/client.ts';
import { fetchFocusAreas } from './api.ts';
import { focusAreaListRevisionAtom } from './atoms.ts';
import type { FetchState } from './focus-areas.ts';

export function useFocusAreaList(enabled: boolean): FetchState {
  const revision = useAtomValue(focusAreaListRevisionAtom);
  const [state, setState] = useState<FetchState>({ state: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    const request = new AbortController();
    setState((s) => (s.state === 'succeeded' ? s : { state: 'loading' }));
    fetchFocusAreas(request.signal)
      .then((next) => {
        if (next.state === 'failed') console.warn(`focus areas: ${next.error}`);
        setState(next);
      })
      .catch((error: unknown) => {
        if (!isAbort(error)) setState({ state: 'failed', error: (error as Error).message });
      });
    return () => request.abort();
  }, [enabled, revision]);
  return state;
}
