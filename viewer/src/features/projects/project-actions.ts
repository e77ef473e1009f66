// The project home panel's calls (spec 7): save, copy, delete, share and stop sharing, set the home place, create.
// Each answers the server's project or throws the server's message; the caller shows it, and a failed
// save leaves the unsaved state as it was.
import { sendJson } from '../../api/client.ts';
import type { ActiveStyle, Filters } from '../../model/style-rules.ts';
import type { Project } from '../../state/project.ts';
import { toSavedStyles } from '../../model/project-styles.ts';

/** The spec's confirmation text, one copy for server and viewer. */
export { deleteProjectConfirmation as deleteConfirmation } from '@parcel-map/contracts/workspace/projects';

export function saveProject(project: Project, style: ActiveStyle, filters: Filters): Promise<Project> {
  return sendJson<Project>('PUT', `${project.path}.json`, {
    styles: toSavedStyles(style),
    query: { path: project.query.path, filters },
  });
}

export function createProject(name: string, path: string, style: ActiveStyle, filters: Filters): Promise<Project> {
  return sendJson<Project>('POST', '/projects.json', {
    name,
    query: { path, filters },
    styles: style.rules.length > 0 ? toSavedStyles(style) : [],
  });
}

export function copyProject(project: Project, share: string | null): Promise<Project> {
  return sendJson<Project>('POST', `${project.path}/copy.json`, undefined, share ? { share } : {});
}

export function deleteProject(project: Project): Promise<unknown> {
  return sendJson('DELETE', `${project.path}.json`);
}

export function shareProject(project: Project): Promise<{ url: string }> {
  return sendJson<{ url: string }>('POST', `${project.path}/share.json`);
}

/** Stop sharing: the link stops working for everyone who has it. */
export function stopSharingProject(project: Project): Promise<unknown> {
  return sendJson('DELETE', `${project.path}/share.json`);
}

/** "Save your project home to {place}?" */
export function setProjectRoot(project: Project, path: string): Promise<Project> {
  return sendJson<Project>('POST', `${project.path}/set_root.json`, { path });
}

export interface ProjectSummary {
  id: number;
  name: string;
  path: string;
  root: { name: string; path: string; headline: string };
  updated_at: string;
}
