// Applying a style: the rules, the base style and the query filters in force go to the sources API,
// and its answer becomes the map's style-rule source (drawn by style-rules-layer.ts, listed by the
// legend). One way for the panel's Apply, a project's saved style and the owner highlight.
import { atom } from 'jotai';
import { sendJson } from '../../api/client.ts';
import { activeFiltersAtom, currentProjectAtom } from '../projects/atoms.ts';
import { activeStyleAtom, appliedSourceAtom, stylePlaceAtom, type ActiveStyle, type AppliedSource } from './atoms.ts';
import { toDefinition } from './rules.ts';

let latest = 0;

/** Resolves once the map has the new source; rejects (leaving the previous style in force) when the server refuses. */
export const applyStyleAtom = atom(null, async (get, set, style: ActiveStyle) => {
  const call = ++latest;
  const filters = get(activeFiltersAtom);
  // A project's rules and filters are about its place, wherever the map is looking.
  const place = get(currentProjectAtom)?.query.path ?? get(stylePlaceAtom);
  const source =
    style.rules.length === 0 && Object.keys(filters).length === 0
      ? null
      : await sendJson<AppliedSource>('POST', '/api/v1/sources', toDefinition(style.rules, style.base, place, filters));
  // An older call answering late must not replace a newer style.
  if (call !== latest) return;
  set(appliedSourceAtom, source);
  set(activeStyleAtom, style);
});
