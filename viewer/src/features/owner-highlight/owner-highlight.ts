// The owner highlight (spec 4): the filter button puts { owner: [name] } in force on the map; pressing
// it again restores the filters that were in force before. Pure functions hold the rule, so tests need
// no React; the atoms apply it to the project mode's active filters.
import { atom } from 'jotai';
import { activeFiltersAtom } from '../../state/project.ts';
import type { Filters } from '../../model/style-rules.ts';

export interface OwnerHighlight {
  owner: string;
  /** The filters in force before the highlight, restored when it is cleared. */
  previous: Filters;
}

export const ownerHighlightAtom = atom<OwnerHighlight | null>(null);

/** Whether filters other than a highlight are in force (then the spec asks for a confirmation first). */
export function hasOtherFilters(filters: Filters): boolean {
  return Object.keys(filters).length > 0;
}

/** The next highlight and filters after pressing the button for `owner`. */
export function toggleOwner(
  current: OwnerHighlight | null,
  filters: Filters,
  owner: string,
): { highlight: OwnerHighlight | null; filters: Filters } {
  if (current?.owner === owner) return { highlight: null, filters: current.previous };
  // Switching from one owner to another keeps the filters from before the first highlight.
  const previous = current ? current.previous : filters;
  return { highlight: { owner, previous }, filters: { owner: [owner] } };
}

/** Whether pressing the button for `owner` needs the confirmation: it would replace filters the user set. */
export function needsConfirmation(current: OwnerHighlight | null, filters: Filters, owner: string): boolean {
  if (current) return false;
  return (
    hasOtherFilters(filters) &&
    !(filters.owner && Array.isArray(filters.owner) && filters.owner.length === 1 && filters.owner[0] === owner)
  );
}

export const toggleOwnerHighlightAtom = atom(null, (get, set, owner: string) => {
  const next = toggleOwner(get(ownerHighlightAtom), get(activeFiltersAtom), owner);
  set(ownerHighlightAtom, next.highlight);
  set(activeFiltersAtom, next.filters);
});
