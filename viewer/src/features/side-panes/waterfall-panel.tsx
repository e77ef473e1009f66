// The waterfall panel (group onboarding, spec map.md sections 4 and 6): a visitor arriving on a group's
// project link who is not in that group sees whose map it is and how to join it (a manager invites
// members; signing up or in first), or can go on viewing. Group membership decides whether it opens.
import { useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { accountTabUrl } from '../../state/account-tab.ts';
import { currentProjectAtom, projectRefAtom } from '../../state/project.ts';
import { sessionAtom, sessionLoadedAtom } from '../../state/session.ts';
import { waterfallOpenAtom, waterfallOpensFor } from '../../state/ui.ts';
import './side-panes.css';

export function WaterfallPanel() {
  const [open, setOpen] = useAtom(waterfallOpenAtom);
  const ref = useAtomValue(projectRefAtom);
  const project = useAtomValue(currentProjectAtom);
  const session = useAtomValue(sessionAtom);
  const loaded = useAtomValue(sessionLoadedAtom);
  const decided = loaded && project !== null;
  const opens = decided && waterfallOpensFor(ref?.group ?? null, session.group?.path ?? null);
  // Decided once the session and the project are known; a later sign-in into the group closes it.
  useEffect(() => setOpen(opens), [opens, setOpen]);
  if (!open || !ref || !project) return null;
  const here = location.pathname + location.search;
  return (
    <section className="waterfall-panel" role="dialog" aria-label="Welcome" data-testid="waterfall-panel">
      <h2>Welcome to {ref.group}</h2>
      <p>
        You are viewing <strong>{project.name}</strong>
        {project.sharer ? <>, shared by {project.sharer}</> : null}, a project of the {ref.group} group on Parcel Map.
      </p>
      <p className="muted small">
        Members of the group can save, edit and add to its projects. A manager of the group invites you by email; the
        invitation links your account to the group.
      </p>
      <div className="actions">
        {!session.user && (
          <>
            <a
              className="button primary"
              href={accountTabUrl({ redirect: here }).slice(1)}
              data-testid="waterfall-sign-up"
              onClick={() => setOpen(false)}
            >
              Sign Up
            </a>
            <a
              className="button"
              href={accountTabUrl({ mode: 'sign_in', redirect: here }).slice(1)}
              onClick={() => setOpen(false)}
            >
              Sign In
            </a>
          </>
        )}
        <button type="button" className="button" data-testid="waterfall-close" onClick={() => setOpen(false)}>
          Continue viewing
        </button>
      </div>
    </section>
  );
}
