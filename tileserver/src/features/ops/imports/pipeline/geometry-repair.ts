// Every geometry a GDAL source can hold, made into the polygons the parcels table stores, with each
// repair counted: curves (CurvePolygon, MultiSurface, CompoundCurve rings: MassGIS lots on cul-de-sacs)
// linearised in PostGIS, 3D and measured layers flattened (ogr2ogr -dim XY), collections reduced to
// their polygons (stageRows). Invalid outlines are made valid later by the shipped normalisation
// (the report's "repaired").
import type { Db } from '../../../../data/staging.ts';
import { stageTable } from './stage-checks.ts';

/**
 * Curves become lines whose distance from the true arc is at most this many degrees (~0.1 m): finer
 * than any parcel survey the map shows, few vertices per arc.
 */
export const CURVE_TOLERANCE_DEGREES = 1e-6;

export interface GeometryRepairs {
  curved: number;
  /**
   * Features of a layer GDAL declares 3D or measured, whose Z/M ogr2ogr dropped (-dim XY). GDAL gives
   * the dimension per layer: a layer of mixed types ("Unknown") is flattened too, but not counted.
   */
  flattened: number;
  /** Geometry collections, of which only the polygons are kept. */
  collections: number;
}

/** Counts and applies the repairs on the stage table, before anything reads its geometries. */
export async function repairGeometries(
  db: Db,
  table: string,
  layerType: string,
  features: number,
): Promise<GeometryRepairs> {
  // One scan counts both; the update runs only when there are curves (most files have none).
  const curve = `ST_HasArc(_geom) OR GeometryType(_geom) IN ('CURVEPOLYGON', 'MULTISURFACE', 'COMPOUNDCURVE', 'CIRCULARSTRING', 'MULTICURVE')`;
  const [counts] = await db.unsafe<{ curved: number; collections: number }[]>(
    `SELECT count(*) FILTER (WHERE ${curve})::int AS curved,
       count(*) FILTER (WHERE GeometryType(_geom) = 'GEOMETRYCOLLECTION')::int AS collections
     FROM ${stageTable(table)} WHERE _geom IS NOT NULL`,
  );
  if (counts && counts.curved > 0)
    await db.unsafe(
      `UPDATE ${stageTable(table)} SET _geom = ST_CurveToLine(_geom, $1::float8, 1, 1) WHERE _geom IS NOT NULL AND (${curve})`,
      [CURVE_TOLERANCE_DEGREES],
    );
  const flattened = /3D|measured|\bZ\b|\bM\b/i.test(layerType) ? Math.max(features, 0) : 0;
  return { curved: counts?.curved ?? 0, flattened, collections: counts?.collections ?? 0 };
}

export function repairLines(r: GeometryRepairs | null): string[] {
  if (!r || r.curved + r.flattened + r.collections === 0) return [];
  return [
    `geometry repairs: ${r.curved} curved outlines linearised (within ${CURVE_TOLERANCE_DEGREES}° ≈ 0.1 m), ${r.flattened} 3D/measured flattened to 2D, ${r.collections} geometry collections reduced to their polygons`,
  ];
}
