// The caller's projects for the selector and the dashboard (GET /profile/projects.json); empty for
// visitors who are not signed in, and for signed-in users outside a group.
import { useAtomValue } from 'jotai';
import { doneRemote, useRemote, type Remote } from '../../api/use-remote.ts';
import { signedInAtom } from '../../state/session.ts';
import type { ProjectSummary } from './project-actions.ts';

export interface ProjectList {
  projects: ProjectSummary[];
  limit: number | null;
}

const noProjects: Remote<ProjectList> = doneRemote({ projects: [], limit: null });

export function useProjectList(revision = 0): Remote<ProjectList> {
  const signedIn = useAtomValue(signedInAtom);
  const [list] = useRemote<ProjectList>(signedIn ? '/profile/projects.json' : null, {}, { revision, keepValue: true });
  return signedIn ? list : noProjects;
}
