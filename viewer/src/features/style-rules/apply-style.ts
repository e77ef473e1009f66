// Applying a style: the rules, the base style and the query filters go to the sources API, and its
// answer becomes the map's style-rule source (drawn by style-rules-layer.ts, listed by the legend).
// One way for the panel's Apply, a project's saved style and the owner highlight.
import { atom } from 'jotai';
import { sendJson } from '../../api/client.ts';
import { store } from '../../state/store.ts';
import { showAlertAtom } from '../../state/ui.ts';
import { activeFiltersAtom, currentProjectAtom, projectRefAtom } from '../../state/project.ts';
import { styleSurveyAtom } from '../../state/survey.ts';
import { activeStyleAtom, appliedSourceAtom, draftFiltersAtom, type AppliedSource } from '../../state/style-rules.ts';
import { stylePlaceAtom } from './atoms.ts';
import { type ActiveStyle, type Filters, toDefinition } from '../../model/style-rules.ts';
import { filtersToRows } from '../../model/filter-rows.ts';

// A sequence that drops a late answer to an older Apply: request bookkeeping, not state anyone reads.
let latest = 0;
/** The filters the last Apply put in force: a change to activeFiltersAtom that is not them came from elsewhere. */
const appliedFiltersAtom = atom<Filters>({});

/**
 * Resolves once the map has the new source; rejects (leaving the previous style in force) when the
 * server refuses. Without `filters` the filters in force stay.
 */
export const applyStyleAtom = atom(null, async (get, set, input: ActiveStyle & { filters?: Filters }) => {
  const call = ++latest;
  const filters = input.filters ?? get(activeFiltersAtom);
  const style = { rules: input.rules, base: input.base };
  // A project's rules and filters are about its place, wherever the map is looking.
  const place = get(currentProjectAtom)?.query.path ?? get(stylePlaceAtom);
  const definition = toDefinition(style.rules, style.base, place, filters);
  // Rules on @status or @user_id read the chosen survey's posts (issue 15).
  const survey = get(styleSurveyAtom);
  if (survey !== null && style.rules.some((r) => r.field.startsWith('@'))) definition.query.survey = survey;
  // A guest of a shared project reads its survey through the share link.
  const share = definition.query.survey === undefined ? null : (get(projectRefAtom)?.share ?? null);
  const source =
    style.rules.length === 0 && Object.keys(filters).length === 0
      ? null
      : await sendJson<AppliedSource>('POST', '/api/v1/sources', definition, share ? { share } : {});
  // An older call answering late must not replace a newer style.
  if (call !== latest) return;
  set(appliedFiltersAtom, filters);
  set(appliedSourceAtom, source);
  set(activeStyleAtom, style);
  set(activeFiltersAtom, filters);
});

/** Filters set elsewhere (the owner highlight) apply with the active style, and show in the panel. */
export function followFilterChanges(): void {
  store.sub(activeFiltersAtom, () => {
    const filters = store.get(activeFiltersAtom);
    if (filters === store.get(appliedFiltersAtom)) return;
    store.set(draftFiltersAtom, filtersToRows(filters));
    store
      .set(applyStyleAtom, { ...store.get(activeStyleAtom), filters })
      .catch((error: unknown) =>
        store.set(showAlertAtom, { text: `Could not apply the filters: ${(error as Error).message}`, kind: 'error' }),
      );
  });
}
