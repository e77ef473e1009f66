// The parcels' stage table made whole before anything reads it, as county files are published:
// curves linearised (geometry-repair.ts), the attribute table joined (attribute-join.ts), lot sizes
// converted to square feet (lot-units.ts). Runs between ogr2ogr and the mapping proposal.
import type { Db } from '../../../../data/staging.ts';
import { attributeJoin, type JoinOptions, type JoinReport } from './attribute-join.ts';
import { repairGeometries, type GeometryRepairs } from './geometry-repair.ts';
import { convertLotSizes, type LotUnits } from './lot-units.ts';
import { ogrToStage, type SourceLayer } from './ogr.ts';

export interface StagePreparation {
  /** The attribute table joined to the polygons (match rate, condominium units); null when none. */
  join: JoinReport | null;
  /** Curves linearised, 3D/M flattened, collections reduced. */
  geometryRepairs: GeometryRepairs | null;
  /** Lot sizes converted to square feet (LOT_SQFT) and by which unit. */
  lotUnits: LotUnits | null;
}

export async function prepareStage(
  db: Db,
  url: string,
  layer: SourceLayer,
  table: string,
  options: JoinOptions & { srs?: string; log: (line: string) => void },
): Promise<StagePreparation> {
  const geometryRepairs = await repairGeometries(db, table, layer.geometryType, layer.features);
  const stageTable = (l: SourceLayer, name: string) => ogrToStage(url, l, name, options.srs, () => {});
  const join = await attributeJoin(db, stageTable, layer, table, options, options.log);
  const lotUnits = await convertLotSizes(db, table);
  if (lotUnits) options.log(`lot sizes: ${lotUnits.choice}`);
  return { join, geometryRepairs, lotUnits };
}

/** A run over several databases (a folder or zip of towns): their repairs summed, their joins added up. */
export function combinePreparations(list: StagePreparation[]): StagePreparation {
  const joins = list.flatMap((p) => (p.join ? [p.join] : []));
  const repairs = list.flatMap((p) => (p.geometryRepairs ? [p.geometryRepairs] : []));
  const sum = <T>(items: T[], pick: (item: T) => number) => items.reduce((n, item) => n + pick(item), 0);
  const [firstJoin] = joins;
  const join: JoinReport | null = firstJoin
    ? {
        ...firstJoin,
        polygons: sum(joins, (j) => j.polygons),
        matched: sum(joins, (j) => j.matched),
        rate:
          sum(joins, (j) => j.matched) /
          Math.max(
            1,
            sum(joins, (j) => j.polygons),
          ),
        attributeRows: sum(joins, (j) => j.attributeRows),
        attributeRowsMatched: sum(joins, (j) => j.attributeRowsMatched),
        condoPolygons: sum(joins, (j) => j.condoPolygons),
        condoUnits: sum(joins, (j) => j.condoUnits),
        candidates: joins.flatMap((j) => j.candidates),
      }
    : null;
  const geometryRepairs: GeometryRepairs | null = repairs.length
    ? {
        curved: sum(repairs, (r) => r.curved),
        flattened: sum(repairs, (r) => r.flattened),
        collections: sum(repairs, (r) => r.collections),
      }
    : null;
  return { join, geometryRepairs, lotUnits: list.find((p) => p.lotUnits)?.lotUnits ?? null };
}
