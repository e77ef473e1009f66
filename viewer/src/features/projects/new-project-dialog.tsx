// The new-project dialog: a name, and the place in view as the project's home. Spec 5: the action is
// blocked by the upsell check "save-map" for a user without a plan (the server refuses too, with the
// same upgrade path). `#a=new-project` opens it, after which the key leaves the hash (spec 2).
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { atPointAtom, placePathAtom } from '../../state/selection.ts';
import { viewAtom } from '../../state/view.ts';
import { sessionAtom } from '../../state/session.ts';
import { store } from '../../state/store.ts';
import { dropHashKey } from '../../state/url.ts';
import { Modal } from '../../ui/modal.tsx';
import { Upsell } from '../entitlements/upsell.tsx';
import { breadcrumbs, placeForZoom } from '../../model/place-name.ts';
import { activeStyleAtom } from '../../state/style-rules.ts';
import { activeFiltersAtom } from '../../state/project.ts';
import { newProjectOpenAtom } from './atoms.ts';
import { createProject } from './project-actions.ts';

/** Opens the dialog for `#a=new-project` and drops the key from the hash, keeping the other keys. */
export function openNewProjectFromHash(): void {
  if (new URLSearchParams(location.hash.replace(/^#/, '')).get('a') !== 'new-project') return;
  store.set(newProjectOpenAtom, true);
  dropHashKey('a');
}

/** A later `#a=new-project` (a link on the page) opens the dialog too. */
export function useNewProjectHash(): void {
  useEffect(() => {
    window.addEventListener('hashchange', openNewProjectFromHash);
    return () => window.removeEventListener('hashchange', openNewProjectFromHash);
  }, []);
}

export function NewProjectDialog() {
  const [open, setOpen] = useAtom(newProjectOpenAtom);
  const session = useAtomValue(sessionAtom);
  const at = useAtomValue(atPointAtom);
  const view = useAtomValue(viewAtom);
  const placePath = useAtomValue(placePathAtom);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!open) return null;
  // The place the URL names (a link, a search, a breadcrumb), else the place in view at this zoom.
  const named = placePath ? breadcrumbs(at).find((p) => p.path === placePath) : undefined;
  const place = named ?? placeForZoom(at, view.zoom);
  const home = place ? { path: place.path, name: place.name } : null;
  const close = () => {
    setOpen(false);
    setProblem(null);
  };

  const submit = async () => {
    if (!home || name.trim() === '') return;
    setBusy(true);
    setProblem(null);
    try {
      const project = await createProject(
        name.trim(),
        home.path,
        store.get(activeStyleAtom),
        store.get(activeFiltersAtom),
      );
      location.assign(project.path);
    } catch (error) {
      setProblem(
        error instanceof ApiError ? error.message : `Could not create the project: ${(error as Error).message}`,
      );
      setBusy(false);
    }
  };

  return (
    <Modal title="New Project" testId="new-project-dialog" onClose={close}>
      {!session.user ? (
        <p data-testid="new-project-sign-in">
          Projects save a map of a place with its style rules and focus areas.{' '}
          <a href="#signup-signin" onClick={close}>
            Sign up or sign in
          </a>{' '}
          to save projects.
        </p>
      ) : !session.group ? (
        <Upsell features="Saved projects" testId="new-project-upsell" />
      ) : (
        <form
          className="account-form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <label>
            Project name
            <input
              data-testid="new-project-name"
              value={name}
              maxLength={100}
              autoFocus
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <p className="small" data-testid="new-project-home">
            {home ? (
              <>
                Project home: <strong>{home.name}</strong>. The style rules on the map go into the project.
              </>
            ) : (
              'Move the map to a place for the project home.'
            )}
          </p>
          {problem && (
            <p className="error" role="alert" data-testid="new-project-problem">
              {problem}
            </p>
          )}
          <button
            type="submit"
            className="primary"
            data-testid="new-project-create"
            disabled={busy || !home || name.trim() === ''}
          >
            {busy ? 'Creating...' : 'Create Project'}
          </button>
        </form>
      )}
    </Modal>
  );
}
