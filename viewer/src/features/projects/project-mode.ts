// Project mode (spec 2 and 4). A URL starting /g/{group}/maps/{slug} opens that project: its saved
// style and filters become the map's, and the map moves to its home place unless the URL names a place
// or a view. The project is fetched again when asked (a focus-area change, a save) and when the caller
// signs in or out, since that changes permissions.update. Filter changes (the owner highlight) apply
// the active style again, in project mode or not.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { ApiError, getJson } from '../../api/client.ts';
import { getBoundary } from '../../api/places.ts';
import { fitBBox } from '../../map/navigate.ts';
import { mapAtom } from '../../state/view.ts';
import { placePathAtom, replaceHash } from '../../state/selection.ts';
import { sessionAtom, sessionLoadedAtom } from '../../state/session.ts';
import { store } from '../../state/store.ts';
import { showAlertAtom } from '../../state/ui.ts';
import { parseProjectUrl, parseUrl, projectPathOf, setProjectBase, type ProjectRef } from '../../state/url.ts';
import { applyStyleAtom } from '../style-rules/apply-style.ts';
import { filtersToRows } from '../../model/filter-rows.ts';
import { draftBaseAtom, draftFiltersAtom, draftRulesAtom } from '../../state/style-rules.ts';
import type { ActiveStyle, Filters } from '../../model/style-rules.ts';
import { doneRemote, loadingRemote } from '../../api/use-remote.ts';
import { currentProjectAtom, projectRefAtom, projectRevisionAtom, type Project } from '../../state/project.ts';
import { projectLoadAtom } from './atoms.ts';
import { fromSavedStyles } from '../../model/project-styles.ts';

export const projectNotFound = 'This project does not exist, or it has not been shared with you.';

function applyStyle(style: ActiveStyle & { filters: Filters }): void {
  store
    .set(applyStyleAtom, style)
    .catch((error: unknown) =>
      store.set(showAlertAtom, { text: `Could not apply the style rules: ${(error as Error).message}`, kind: 'error' }),
    );
}

/** The panel's rules, the map's style and filters all become the project's saved ones. */
export function adoptSavedStyle(project: Project): void {
  const saved = fromSavedStyles(project.styles);
  store.set(draftRulesAtom, saved.rules);
  store.set(draftBaseAtom, saved.base);
  store.set(draftFiltersAtom, filtersToRows(project.query.filters ?? {}));
  applyStyle({ ...saved, filters: project.query.filters ?? {} });
}

/** Applying posts to the sources API, which wants the session's CSRF token: known once the session is. */
function whenSessionLoaded(): Promise<void> {
  if (store.get(sessionLoadedAtom)) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = store.sub(sessionLoadedAtom, () => {
      if (!store.get(sessionLoadedAtom)) return;
      stop();
      resolve();
    });
  });
}

function whenMapReady(): Promise<MapLibreMap> {
  const map = store.get(mapAtom);
  if (map) return Promise.resolve(map);
  return new Promise((resolve) => {
    const stop = store.sub(mapAtom, () => {
      const ready = store.get(mapAtom);
      if (!ready) return;
      stop();
      resolve(ready);
    });
  });
}

/** The project's home place, when the URL names no place; fitted unless the URL names a view. */
async function goHome(project: Project, initial: ReturnType<typeof parseUrl>): Promise<void> {
  if (initial.path) return;
  store.set(placePathAtom, project.root.path);
  replaceHash(store.get);
  if (initial.view) return;
  const [map, boundary] = await Promise.all([whenMapReady(), getBoundary(project.root.path)]);
  if (boundary) fitBBox(map, boundary.properties.bbox, 20, 22);
}

export async function loadProject(ref: ProjectRef): Promise<Project | null> {
  try {
    const project = await getJson<Project>(`${projectPathOf(ref)}.json`, ref.share ? { share: ref.share } : {});
    store.set(currentProjectAtom, project);
    store.set(projectLoadAtom, doneRemote(undefined));
    return project;
  } catch (error) {
    const message =
      error instanceof ApiError && error.status === 404
        ? projectNotFound
        : `Could not load the project: ${(error as Error).message}`;
    store.set(projectLoadAtom, { status: 'failed', message, error });
    store.set(showAlertAtom, { text: message, kind: 'error' });
    return null;
  }
}

export function startProjectMode(): void {
  const { project: ref } = parseProjectUrl(location.pathname, location.search);
  setProjectBase(ref);
  store.set(projectRefAtom, ref);
  if (!ref) return;
  const initial = parseUrl(location.pathname, location.hash);
  store.set(projectLoadAtom, loadingRemote);
  void Promise.all([loadProject(ref), whenSessionLoaded()]).then(([project]) => {
    if (!project) return;
    adoptSavedStyle(project);
    void goHome(project, initial);
  });
  store.sub(projectRevisionAtom, () => void loadProject(ref));
  let userId = store.get(sessionAtom).user?.id ?? null;
  store.sub(sessionAtom, () => {
    const next = store.get(sessionAtom).user?.id ?? null;
    if (next === userId) return;
    userId = next;
    void loadProject(ref);
  });
}
