// SQL of projects and focus areas. Filters and styles are stored as JSON data; focus-area geometry is
// checked and measured by PostGIS (validity with its reason, geodesic area).
import type { Sql } from '../../../db/client.ts';
import { slugOf } from '@parcel-map/contracts/people/groups';

export interface ProjectRow {
  id: number;
  group_id: number;
  group_slug: string;
  created_by: number | null;
  name: string;
  slug: string;
  root_path: string;
  root_name: string | null;
  root_headline: string | null;
  filters: Record<string, unknown>;
  styles: unknown[];
  created_at: Date;
  updated_at: Date;
  shared: boolean;
}

const projectColumns = (sql: Sql) => sql`
  p.id, p.group_id, g.slug AS group_slug, p.created_by, p.name, p.slug, p.root_path, pl.name AS root_name, pl.headline AS root_headline,
  p.filters, p.styles, p.created_at, p.updated_at, p.share_token_hash IS NOT NULL AS shared`;

// bigint columns arrive as strings.
const toProject = (row: ProjectRow & { id: string; group_id: string }): ProjectRow => ({
  ...row,
  id: Number(row.id),
  group_id: Number(row.group_id),
  created_by: row.created_by === null ? null : Number(row.created_by),
});

export async function projectByPath(sql: Sql, groupSlug: string, slug: string): Promise<ProjectRow | undefined> {
  const [row] = await sql<(ProjectRow & { id: string; group_id: string })[]>`
    SELECT ${projectColumns(sql)} FROM projects p JOIN groups g ON g.id = p.group_id LEFT JOIN places pl ON pl.path = p.root_path
    WHERE g.slug = ${groupSlug} AND p.slug = ${slug}`;
  return row ? toProject(row) : undefined;
}

export async function projectsOfGroup(sql: Sql, groupId: number): Promise<ProjectRow[]> {
  const rows = await sql<(ProjectRow & { id: string; group_id: string })[]>`
    SELECT ${projectColumns(sql)} FROM projects p JOIN groups g ON g.id = p.group_id LEFT JOIN places pl ON pl.path = p.root_path
    WHERE p.group_id = ${groupId} ORDER BY lower(p.name), p.id`;
  return rows.map(toProject);
}

export async function countProjects(sql: Sql, groupId: number): Promise<number> {
  const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM projects WHERE group_id = ${groupId}`;
  return row?.n ?? 0;
}

/** Inserts with the first free slug of the name within the group. */
export async function insertProject(
  sql: Sql,
  project: {
    groupId: number;
    userId: number | null;
    name: string;
    rootPath: string;
    filters: object;
    styles: unknown[];
  },
): Promise<{ id: number; slug: string }> {
  const base = slugOf(project.name);
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const [row] = await sql<{ id: string; slug: string }[]>`
      INSERT INTO projects (group_id, created_by, name, slug, root_path, filters, styles)
      VALUES (${project.groupId}, ${project.userId}, ${project.name}, ${slug}, ${project.rootPath}, ${sql.json(project.filters as never)}, ${sql.json(project.styles as never)})
      ON CONFLICT (group_id, slug) DO NOTHING RETURNING id, slug`;
    if (row) return { id: Number(row.id), slug: row.slug };
  }
}

export async function updateProject(
  sql: Sql,
  id: number,
  change: { name?: string; rootPath?: string; filters?: object; styles?: unknown[] },
): Promise<void> {
  await sql`
    UPDATE projects SET
      name = coalesce(${change.name ?? null}, name),
      root_path = coalesce(${change.rootPath ?? null}, root_path),
      filters = coalesce(${change.filters === undefined ? null : sql.json(change.filters as never)}::jsonb, filters),
      styles = coalesce(${change.styles === undefined ? null : sql.json(change.styles as never)}::jsonb, styles),
      updated_at = now()
    WHERE id = ${id}`;
}

export async function deleteProject(sql: Sql, id: number): Promise<void> {
  await sql`DELETE FROM projects WHERE id = ${id}`;
}

/** The projects past the `keep` most recently updated. */
export async function projectsBeyond(sql: Sql, groupId: number, keep: number) {
  return sql<
    { id: string; name: string }[]
  >`SELECT id, name FROM projects WHERE group_id = ${groupId} ORDER BY updated_at DESC, id DESC OFFSET ${keep}`;
}

export async function deleteProjectsOfGroup(sql: Sql, groupId: number, projectIds: number[]): Promise<void> {
  await sql`DELETE FROM projects WHERE group_id = ${groupId} AND id = ANY(${projectIds})`;
}

/** A null hash stops sharing: every link made so far stops working. */
export async function setShareToken(sql: Sql, id: number, tokenHash: Buffer | null): Promise<void> {
  await sql`UPDATE projects SET share_token_hash = ${tokenHash} WHERE id = ${id}`;
}

export async function isSharedWith(sql: Sql, id: number, tokenHash: Buffer): Promise<boolean> {
  const [row] = await sql`SELECT 1 FROM projects WHERE id = ${id} AND share_token_hash = ${tokenHash}`;
  return Boolean(row);
}

export async function sharerName(sql: Sql, id: number): Promise<string | null> {
  const [row] = await sql<
    { name: string }[]
  >`SELECT u.name FROM projects p JOIN users u ON u.id = p.created_by WHERE p.id = ${id}`;
  return row?.name ?? null;
}

export interface FocusAreaRow {
  id: number;
  name: string;
  description: string;
  acres: number;
  headline: string;
  geometry: unknown;
  folder?: string;
}

/** PostGIS's verdict on a drawn shape: invalid (with the reason), its area in square miles. */
export async function checkShape(
  sql: Sql,
  shape: object,
): Promise<{ valid: boolean; reason: string; squareMiles: number }> {
  const [row] = await sql<{ valid: boolean; reason: string; square_miles: number }[]>`
    WITH s AS (SELECT ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(shape)}), 4326) AS g)
    SELECT ST_IsValid(g) AS valid, ST_IsValidReason(g) AS reason,
           CASE WHEN ST_IsValid(g) THEN ST_Area(g::geography) / 2589988.110336 ELSE 0 END AS square_miles
    FROM s`;
  return { valid: row!.valid, reason: row!.reason, squareMiles: Number(row!.square_miles) };
}

export async function insertFocusArea(
  sql: Sql,
  area: { groupId: number; userId: number; name: string; description: string; shape: object },
): Promise<number> {
  const [row] = await sql<{ id: string }[]>`
    INSERT INTO focus_areas (group_id, created_by, name, description, geom, acres)
    SELECT ${area.groupId}, ${area.userId}, ${area.name}, ${area.description}, g, ST_Area(g::geography) / 4046.8564224
    FROM (SELECT ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(area.shape)}), 4326)) AS g) s
    RETURNING id`;
  return Number(row!.id);
}

export async function countFocusAreas(sql: Sql, groupId: number): Promise<number> {
  const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM focus_areas WHERE group_id = ${groupId}`;
  return row?.n ?? 0;
}

const focusColumns = (sql: Sql) => sql`
  f.id, f.name, f.description, f.acres,
  f.name || ' (' || to_char(round(f.acres::numeric, 1), 'FM999,999,990.0') || ' acres)' AS headline,
  ST_AsGeoJSON(f.geom, 6)::json AS geometry`;

/** A group's focus areas, sorted case-insensitively by headline. */
export async function focusAreasOfGroup(sql: Sql, groupId: number): Promise<FocusAreaRow[]> {
  const rows = await sql<(FocusAreaRow & { id: string })[]>`
    SELECT ${focusColumns(sql)} FROM focus_areas f WHERE f.group_id = ${groupId} ORDER BY lower(f.name), f.id`;
  return rows.map((r) => ({ ...r, id: Number(r.id), acres: Number(r.acres) }));
}

export async function focusAreasOfProject(sql: Sql, projectId: number): Promise<FocusAreaRow[]> {
  const rows = await sql<(FocusAreaRow & { id: string })[]>`
    SELECT ${focusColumns(sql)}, pf.folder FROM project_focus_areas pf JOIN focus_areas f ON f.id = pf.focus_area_id
    WHERE pf.project_id = ${projectId} ORDER BY lower(f.name), f.id`;
  return rows.map((r) => ({ ...r, id: Number(r.id), acres: Number(r.acres) }));
}

export async function focusAreaGroup(sql: Sql, id: number): Promise<number | undefined> {
  const [row] = await sql<{ group_id: string }[]>`SELECT group_id FROM focus_areas WHERE id = ${id}`;
  return row ? Number(row.group_id) : undefined;
}

export async function attachFocusArea(sql: Sql, projectId: number, focusAreaId: number, folder: string): Promise<void> {
  await sql`
    INSERT INTO project_focus_areas (project_id, focus_area_id, folder) VALUES (${projectId}, ${focusAreaId}, ${folder})
    ON CONFLICT (project_id, focus_area_id) DO UPDATE SET folder = EXCLUDED.folder`;
}

export async function detachFocusArea(sql: Sql, projectId: number, focusAreaId: number): Promise<boolean> {
  return (
    (
      await sql`DELETE FROM project_focus_areas WHERE project_id = ${projectId} AND focus_area_id = ${focusAreaId} RETURNING project_id`
    ).length === 1
  );
}

/** The focus areas past the first `keep` by creation: the newest ones a smaller plan has no room for. */
export async function focusAreasBeyond(sql: Sql, groupId: number, keep: number) {
  return sql<
    { id: string; name: string }[]
  >`SELECT id, name FROM focus_areas WHERE group_id = ${groupId} ORDER BY created_at, id OFFSET ${keep}`;
}

export async function deleteFocusAreasOfGroup(sql: Sql, groupId: number, ids: number[]): Promise<void> {
  await sql`DELETE FROM focus_areas WHERE group_id = ${groupId} AND id = ANY(${ids})`;
}

/** The surveys inside these projects of the group: they go with their projects. */
export async function surveysOfProjects(sql: Sql, groupId: number, projectIds: number[]) {
  return sql<
    { id: string; name: string }[]
  >`SELECT id, name FROM surveys WHERE group_id = ${groupId} AND project_id = ANY(${projectIds}) ORDER BY id`;
}
