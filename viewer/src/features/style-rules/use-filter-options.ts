// Loads the columns the caller may style by (GET /sources/parcel/filters.json for the place in view):
// loading, then loaded, or failed ("No Options Available"). Reloads when the plan or the place changes,
// since premium columns follow the caller's level.
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { getJson, isAbort } from '../../api/client.ts';
import { levelAtom } from '../../state/session.ts';
import { filtersAtom, stylePlaceAtom } from '../../state/style-rules.ts';
import type { FilterOption } from '../../model/style-rules.ts';

export function useFilterOptions(): void {
  const level = useAtomValue(levelAtom);
  const place = useAtomValue(stylePlaceAtom);
  const setFilters = useSetAtom(filtersAtom);
  useEffect(() => {
    const controller = new AbortController();
    setFilters({ status: 'loading' });
    const path = place ? `${place}/filters.json` : '/sources/parcel/filters.json';
    getJson<{ filters: FilterOption[] }>(path, {}, controller.signal)
      .then((body) => setFilters({ status: 'loaded', options: [...body.filters].sort((a, b) => a.label.localeCompare(b.label)) }))
      .catch((error) => {
        if (!isAbort(error)) setFilters({ status: 'failed' });
      });
    return () => controller.abort();
  }, [level, place, setFilters]);
}
