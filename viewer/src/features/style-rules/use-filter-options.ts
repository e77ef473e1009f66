// Loads the columns the caller may style by (GET /sources/parcel/filters.json for the place in view):
// loading, then done, or failed ("No Options Available"). Reloads when the plan or the place changes,
// since premium columns follow the caller's level. The answer goes to the shared filtersAtom.
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { getJson } from '../../api/client.ts';
import { useRemoteCall } from '../../api/use-remote.ts';
import { levelAtom } from '../../state/session.ts';
import { filtersAtom, stylePlaceAtom } from './atoms.ts';
import type { FilterOption } from '../../model/style-rules.ts';

export function useFilterOptions(): void {
  const level = useAtomValue(levelAtom);
  const place = useAtomValue(stylePlaceAtom);
  const setFilters = useSetAtom(filtersAtom);
  const path = place ? `${place}/filters.json` : '/sources/parcel/filters.json';
  const [options] = useRemoteCall(
    async (signal) =>
      [...(await getJson<{ filters: FilterOption[] }>(path, {}, signal)).filters].sort((a, b) =>
        a.label.localeCompare(b.label),
      ),
    JSON.stringify([level, path]),
  );
  useEffect(() => setFilters(options), [options, setFilters]);
}
