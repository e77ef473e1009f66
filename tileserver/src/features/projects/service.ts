// Project access for other features (exports): the project a caller may read, or 404.
import type { Caller } from '../../auth/caller.ts';
import type { Sql } from '../../db/client.ts';
import { ApiError } from '../../errors.ts';
import { projectAccess } from './policy.ts';
import { projectByPath, type ProjectRow } from './queries.ts';

export type { ProjectRow };

export async function readableProject(sql: Sql, caller: Caller, groupSlug: string, slug: string): Promise<ProjectRow> {
  const project = await projectByPath(sql, groupSlug, slug);
  if (!project || projectAccess(caller, project, false) === 'none') throw new ApiError('NOT_FOUND', 'No such project');
  return project;
}

export async function readableProjectById(sql: Sql, caller: Caller, id: number): Promise<ProjectRow> {
  const [row] = await sql<{ group_slug: string; slug: string }[]>`SELECT g.slug AS group_slug, p.slug FROM projects p JOIN groups g ON g.id = p.group_id WHERE p.id = ${id}`;
  if (!row) throw new ApiError('NOT_FOUND', 'No such project');
  return readableProject(sql, caller, row.group_slug, row.slug);
}
