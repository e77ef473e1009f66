// Project access for other features (exports, surveys): the project a caller may read, or 404, and
// whether a share token is a project's current share link; for billing, the projects a smaller plan's
// limit has no room for, and their removal.
import type { Caller } from '../../../auth/caller.ts';
import type { Sql } from '../../../db/client.ts';
import { secretHash } from '../../../auth/sessions.ts';
import { ApiError } from '../../../errors.ts';
import { projectAccess } from './policy.ts';
import {
  deleteFocusAreasOfGroup,
  deleteProjectsOfGroup,
  focusAreasBeyond,
  isSharedWith,
  projectByPath,
  projectsBeyond,
  surveysOfProjects,
  type ProjectRow,
} from './queries.ts';

export type { ProjectRow };

export async function readableProject(sql: Sql, caller: Caller, groupSlug: string, slug: string): Promise<ProjectRow> {
  const project = await projectByPath(sql, groupSlug, slug);
  if (!project || projectAccess(caller, project, false) === 'none') throw new ApiError('NOT_FOUND', 'No such project');
  return project;
}

export async function readableProjectById(sql: Sql, caller: Caller, id: number): Promise<ProjectRow> {
  const [row] = await sql<
    { group_slug: string; slug: string }[]
  >`SELECT g.slug AS group_slug, p.slug FROM projects p JOIN groups g ON g.id = p.group_id WHERE p.id = ${id}`;
  if (!row) throw new ApiError('NOT_FOUND', 'No such project');
  return readableProject(sql, caller, row.group_slug, row.slug);
}

/** Whether `share` is the project's current share link (a new link revokes the old one). */
export async function projectSharedWith(sql: Sql, projectId: number, share: string | undefined): Promise<boolean> {
  return share === undefined ? false : isSharedWith(sql, projectId, secretHash(share));
}

/** The projects past the `limit` most recently updated: those a plan with that project limit removes. */
export async function projectsPastLimit(
  sql: Sql,
  groupId: number,
  limit: number,
): Promise<{ id: string; name: string }[]> {
  return projectsBeyond(sql, groupId, limit);
}

export async function removeProjectsPastLimit(sql: Sql, groupId: number, projectIds: number[]): Promise<void> {
  await deleteProjectsOfGroup(sql, groupId, projectIds);
}

/** The newest focus areas past `limit` (by creation): those a plan with that limit removes. */
export async function focusAreasPastLimit(
  sql: Sql,
  groupId: number,
  limit: number,
): Promise<{ id: string; name: string }[]> {
  return focusAreasBeyond(sql, groupId, limit);
}

export async function removeFocusAreasPastLimit(sql: Sql, groupId: number, ids: number[]): Promise<void> {
  await deleteFocusAreasOfGroup(sql, groupId, ids);
}

/** The surveys of these projects (a survey lives in its project and is removed with it). */
export async function surveysInProjects(
  sql: Sql,
  groupId: number,
  projectIds: number[],
): Promise<{ id: string; name: string }[]> {
  return projectIds.length === 0 ? [] : surveysOfProjects(sql, groupId, projectIds);
}
