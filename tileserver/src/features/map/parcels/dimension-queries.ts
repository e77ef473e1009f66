// SQL of the dimensions feature: geodesic edge lengths of one parcel (sql/functions/parcels.sql).
import type { Sql } from '../../../db/client.ts';

export interface EdgeRow {
  polygon: number;
  edge: number;
  meters: number;
  mid_lon: number;
  mid_lat: number;
}

export async function parcelExists(sql: Sql, path: string): Promise<boolean> {
  const [row] = await sql<{ found: boolean }[]>`SELECT EXISTS (SELECT 1 FROM parcels WHERE path = ${path}) AS found`;
  return row?.found ?? false;
}

export async function edgeLengths(sql: Sql, path: string): Promise<EdgeRow[]> {
  return sql<EdgeRow[]>`SELECT polygon, edge, meters, mid_lon, mid_lat FROM parcel_edge_lengths(${path})`;
}
