// SQL of the admin content pages: what is loaded (parcel sources and map layers, with extents), the
// recipients of a notice by plan, and the checks and insert of a neighborhood drawn by an admin.
import type { Sql } from '../../../db/client.ts';

type Bbox = [number, number, number, number] | null;
const box = (r: { w: number | null; s: number | null; e: number | null; n: number | null }): Bbox =>
  r.w === null ? null : [r.w, r.s!, r.e!, r.n!];

/** Parcels per source with their extent (ST_Extent over the source's rows; the source index serves it). */
export async function parcelSources(sql: Sql) {
  const rows = await sql<{ source: string; parcels: number; w: number; s: number; e: number; n: number }[]>`
    SELECT source, count(*)::int AS parcels, ST_XMin(ST_Extent(geom))::float AS w, ST_YMin(ST_Extent(geom))::float AS s,
      ST_XMax(ST_Extent(geom))::float AS e, ST_YMax(ST_Extent(geom))::float AS n
    FROM parcels GROUP BY source ORDER BY source`;
  return rows.map((r) => ({ source: r.source, parcels: r.parcels, bbox: box(r) }));
}

/** The map layers' tables, who may see each (admin-only ones included) and how they are labelled. */
export const layerTables = [
  { table: 'zoning_districts', label: 'Zoning', adminOnly: false },
  { table: 'flood_zones', label: 'Flood zones', adminOnly: false },
  { table: 'wetlands', label: 'Wetlands', adminOnly: false },
  { table: 'census_tracts', label: 'Population (census tracts)', adminOnly: false },
  { table: 'census_block_groups', label: 'Census block groups', adminOnly: false },
  { table: 'census_blocks', label: 'Census blocks', adminOnly: false },
  { table: 'land_cover', label: 'Land cover', adminOnly: false },
  { table: 'open_spaces', label: 'Open space', adminOnly: false },
  { table: 'buildings', label: 'Buildings', adminOnly: false },
  { table: 'spot_elevations', label: 'Spot elevations', adminOnly: false },
  { table: 'contours', label: 'Contours (approximate)', adminOnly: false },
  { table: 'streets', label: 'Street centerlines (basemap)', adminOnly: true },
  { table: 'water_bodies', label: 'Water bodies (basemap)', adminOnly: true },
] as const;

export async function layerExtents(sql: Sql) {
  return Promise.all(
    layerTables.map(async (t) => {
      // The table names are the constants above, never input.
      const synthetic = t.table === 'buildings' ? 'count(*) FILTER (WHERE synthetic)' : '0';
      const [r] = await sql.unsafe<
        {
          rows: number;
          synthetic_rows: number;
          sources: number;
          w: number | null;
          s: number | null;
          e: number | null;
          n: number | null;
        }[]
      >(`SELECT count(*)::int AS rows, ${synthetic}::int AS synthetic_rows, count(DISTINCT source)::int AS sources,
           ST_XMin(ST_Extent(geom))::float AS w, ST_YMin(ST_Extent(geom))::float AS s,
           ST_XMax(ST_Extent(geom))::float AS e, ST_YMax(ST_Extent(geom))::float AS n
         FROM ${t.table}`);
      return {
        table: t.table,
        label: t.label,
        rows: r?.rows ?? 0,
        synthetic_rows: r?.synthetic_rows ?? 0,
        sources: r?.sources ?? 0,
        bbox: r ? box(r) : null,
        admin_only: t.adminOnly,
      };
    }),
  );
}

export async function cities(sql: Sql) {
  const rows = await sql<{ path: string; name: string; w: number; s: number; e: number; n: number }[]>`
    SELECT path, headline AS name, ST_XMin(geom)::float AS w, ST_YMin(geom)::float AS s, ST_XMax(geom)::float AS e, ST_YMax(geom)::float AS n
    FROM places WHERE kind = 'city' ORDER BY headline LIMIT 500`;
  return rows.map((r) => ({ path: r.path, name: r.name, bbox: box(r) }));
}

/** Users a notice goes to: everyone, or those whose own account is on the plan (no account: free). */
export async function noticeRecipients(sql: Sql, audience: 'all' | 'free' | 'pro' | 'team', limit: number) {
  return sql<{ id: string; email: string }[]>`
    SELECT u.id, u.email FROM users u LEFT JOIN groups g ON g.id = u.primary_group_id
    WHERE ${audience} = 'all' OR coalesce(g.tier, 'free') = ${audience}
    ORDER BY u.id LIMIT ${limit}`;
}

export interface NeighborhoodCheck {
  parent_kind: string | null;
  parent_name: string | null;
  valid: boolean;
  reason: string | null;
  area_sq_km: number;
  parent_area_sq_km: number;
  outside_share: number;
  taken: boolean;
}

/** Validity, size and containment of a drawn boundary against its parent (all in one statement). */
export async function checkNeighborhood(
  sql: Sql,
  parent: string,
  path: string,
  geojson: string,
): Promise<NeighborhoodCheck> {
  const [row] = await sql<NeighborhoodCheck[]>`
    WITH g AS (SELECT ST_SetSRID(ST_GeomFromGeoJSON(${geojson}), 4326) AS geom),
    p AS (SELECT kind, headline, geom FROM places WHERE path = ${parent})
    SELECT (SELECT kind FROM p) AS parent_kind, (SELECT headline FROM p) AS parent_name,
      ST_IsValid(g.geom) AS valid, CASE WHEN NOT ST_IsValid(g.geom) THEN ST_IsValidReason(g.geom) END AS reason,
      (ST_Area(g.geom::geography) / 1e6)::float AS area_sq_km,
      coalesce((SELECT ST_Area(p.geom::geography) / 1e6 FROM p), 0)::float AS parent_area_sq_km,
      CASE WHEN ST_IsValid(g.geom) AND ST_Area(g.geom) > 0 THEN
        coalesce((SELECT ST_Area(ST_Difference(g.geom, p.geom)) / ST_Area(g.geom) FROM p), 1) ELSE 1 END::float AS outside_share,
      EXISTS (SELECT 1 FROM places WHERE path = ${path}) AS taken
    FROM g`;
  return row!;
}

export async function insertNeighborhood(
  sql: Sql,
  place: { path: string; parent: string; name: string; headline: string; source: string; geojson: string },
): Promise<void> {
  await sql`
    INSERT INTO places (path, parent_path, kind, country, name, headline, synthetic, source, geom, geom_3857)
    SELECT ${place.path}, ${place.parent}, 'neighborhood', p.country, ${place.name}, ${place.headline}, false, ${place.source},
      g.geom, ST_Transform(g.geom, 3857)
    FROM places p, (SELECT ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON(${place.geojson}), 4326)) AS geom) AS g
    WHERE p.path = ${place.parent}`;
  await sql`SELECT bump_layer_version('places')`;
}
