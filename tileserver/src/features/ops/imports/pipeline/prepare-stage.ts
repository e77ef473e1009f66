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
