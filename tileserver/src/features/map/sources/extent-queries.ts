// The extent of a stored source: ST_Extent over the parcels its query selects (place, filters, owner),
// with the same WHERE tests its tiles use. The SQL text holds only catalog identifiers; the definition
// is bound as $1 (text, cast to jsonb in SQL: a string bound as jsonb would arrive as one JSON string) and every value is read from it, so values stay data.
import type { Sql } from '../../../db/client.ts';
import { compileParts } from '../../../tiles/definition/compile.ts';
import type { SourceDefinition } from '@parcel-map/contracts/map/source-definition';

export function compileExtentSql(definition: SourceDefinition): string {
  const { params, where } = compileParts(definition);
  const ctes = [
    'def AS (SELECT $1::text::jsonb AS d)',
    `params AS MATERIALIZED (SELECT ${['1 AS one', ...params].join(', ')} FROM def)`,
  ];
  const from = ['parcels p', 'params'];
  const filters = ['true', ...where];
  if (definition.query.path !== undefined) {
    ctes.push(
      `place AS MATERIALIZED (SELECT pl.geom_3857 AS g FROM places pl, def WHERE pl.path = def.d->'query'->>'path')`,
    );
    from.push('place');
    // As in the tiles: the parcels that intersect the place.
    filters.push('p.geom_3857 && place.g', 'ST_Intersects(place.g, p.geom_3857)');
  }
  return `
WITH ${ctes.join(',\n  ')},
selected AS (SELECT ST_Extent(p.geom) AS box, count(*)::int AS n FROM ${from.join(', ')} WHERE ${filters.join(' AND ')})
SELECT ST_XMin(box) AS w, ST_YMin(box) AS s, ST_XMax(box) AS e, ST_YMax(box) AS n_, n FROM selected`;
}

/** [west, south, east, north] of the selected parcels (null when none match) and how many there are. */
export async function sourceExtent(
  sql: Sql,
  definition: SourceDefinition,
): Promise<{ bbox: [number, number, number, number] | null; parcels: number }> {
  const [row] = await sql.unsafe<
    { w: number | null; s: number | null; e: number | null; n_: number | null; n: number }[]
  >(compileExtentSql(definition), [JSON.stringify(definition)], { prepare: false });
  if (!row || row.w === null) return { bbox: null, parcels: 0 };
  return { bbox: [Number(row.w), Number(row.s), Number(row.e), Number(row.n_)], parcels: row.n };
}
