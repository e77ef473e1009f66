// Focus-area state beside the project: the pane's list of the group's areas, reloaded after a save.
import { atom } from 'jotai';
import { currentProjectAtom, reloadProjectAtom, type Project } from '../../state/project.ts';

/** Bumped after a focus area is saved, so the pane fetches the group's list again. */
export const focusAreaListRevisionAtom = atom(0);

/**
 * A focus-area change succeeded: show the server's answer at once (the map and the pane follow the
 * project's regions), fetch the list again, and ask the project loader for the whole project too.
 */
export const applyFocusAreaChangeAtom = atom(null, (get, set, regions: Project['regions'] | null) => {
  const project = get(currentProjectAtom);
  if (project && regions) set(currentProjectAtom, { ...project, regions });
  set(focusAreaListRevisionAtom, get(focusAreaListRevisionAtom) + 1);
  set(reloadProjectAtom);
});
