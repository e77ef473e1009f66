// The side navigation's profile entry (spec: in a group, the group name and Projects; signed in outside
// a group, Upgrade to Pro; anonymous, Sign Up, which opens the #signup-signin tab). In project mode
// the Projects link names the current project.
import { useAtomValue } from 'jotai';
import { sessionAtom } from '../../state/session.ts';
import { currentProjectAtom } from '../../state/project.ts';
import { upgradeHref } from './plan-class.ts';
import './account.css';

export function ProfileEntry() {
  const session = useAtomValue(sessionAtom);
  const project = useAtomValue(currentProjectAtom);
  if (!session.user)
    return (
      <a href="#signup-signin" data-testid="nav-sign-up">
        Sign Up
      </a>
    );
  return (
    <div className="profile-entry" data-testid="profile-entry">
      <span className="muted small" data-testid="profile-name">
        {session.user.name}
      </span>
      {session.group ? (
        <>
          <strong data-testid="profile-group">{session.group.name}</strong>
          <a href="/profile" data-testid="nav-projects">
            {project?.name ?? 'Projects'}
          </a>
        </>
      ) : (
        <a href={upgradeHref} data-testid="nav-upgrade">
          Upgrade to Pro
        </a>
      )}
    </div>
  );
}
