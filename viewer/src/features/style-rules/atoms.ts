// The style panel's own state: the columns the caller may style and filter by (loaded by
// use-filter-options.ts) and the place rules and autocomplete are scoped to.
import { atom } from 'jotai';
import { loadingRemote, type Remote } from '../../api/use-remote.ts';
import type { FilterOption } from '../../model/style-rules.ts';
import { atPointAtom, placePathAtom } from '../../state/selection.ts';

/** The columns the caller may style and filter by, sorted by label (use-filter-options.ts loads them). */
export const filtersAtom = atom<Remote<FilterOption[]>>(loadingRemote);
export const filterOptionsByKeyAtom = atom((get) => {
  const state = get(filtersAtom);
  return new Map(state.status === 'done' ? state.value.map((o) => [o.key, o]) : []);
});

/** The place style rules and autocomplete are scoped to: the place in the URL, else the city or county in view. */
export const stylePlaceAtom = atom((get) => {
  const place = get(placePathAtom);
  if (place) return place;
  const at = get(atPointAtom);
  return at?.city?.path ?? at?.county?.path ?? null;
});
