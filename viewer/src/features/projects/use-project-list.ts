// The caller's projects for the selector and the dashboard (GET /profile/projects.json); empty for
// visitors who are not signed in, and for signed-in users outside a group.
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { getJson } from '../../api/client.ts';
import { signedInAtom } from '../../state/session.ts';
import type { ProjectSummary } from './project-actions.ts';

export type ProjectList = { status: 'loading' } | { status: 'loaded'; projects: ProjectSummary[]; limit: number | null } | { status: 'failed'; message: string };

export function useProjectList(revision = 0): ProjectList {
  const signedIn = useAtomValue(signedInAtom);
  const [list, setList] = useState<ProjectList>({ status: 'loading' });
  useEffect(() => {
    if (!signedIn) {
      setList({ status: 'loaded', projects: [], limit: null });
      return;
    }
    let live = true;
    getJson<{ projects: ProjectSummary[]; limit: number | null }>('/profile/projects.json')
      .then((body) => live && setList({ status: 'loaded', projects: body.projects, limit: body.limit }))
      .catch((error: unknown) => live && setList({ status: 'failed', message: (error as Error).message }));
    return () => {
      live = false;
    };
  }, [signedIn, revision]);
  return list;
}
