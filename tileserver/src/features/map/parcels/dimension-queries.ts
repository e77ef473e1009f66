// SQL of the dimensions feature: geodesic side lengths of one parcel (sql/functions/parcels.sql).
import type { Sql } from '../../../db/client.ts';

export interface EdgeRow {
  polygon: number;
  side: number;
  /** How many ring segments the side merges (more than one on a curve or a re-digitised line). */
  segments: number;
  meters: number;
  mid_lon: number;
  mid_lat: number;
  bearing: number;
}

export async function parcelExists(sql: Sql, path: string): Promise<boolean> {
  const [row] = await sql<{ found: boolean }[]>`SELECT EXISTS (SELECT 1 FROM parcels WHERE path = ${path}) AS found`;
  return row?.found ?? false;
}

export async function edgeLengths(sql: Sql, path: string): Promise<EdgeRow[]> {
  return sql<EdgeRow[]>`
    SELECT polygon, side, segments, meters, mid_lon, mid_lat, bearing FROM parcel_side_lengths(${path})`;
}
