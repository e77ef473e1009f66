// The OGC collections besides parcels: zoning districts, FEMA flood hazard areas and wetlands, each
// one of our tile layers served as features too. A layer's readers and fields are its tile layer's:
// zoning is anyone's (district code, name, description and jurisdiction: public city maps; the standardized zoning type and subtype to callers who
// may read that catalogue field), flood and wetlands are site control (Pro, Team, admins), refused by
// the very tile source's mayRead. Properties are the table's own columns and nothing else, so a
// property filter can name no other column.
import type { Caller } from '../../../auth/caller.ts';
import { floodSource, wetlandsSource } from '../../../tiles/static-sources.ts';
import type { TileSource } from '../../../tiles/tile-source.ts';
import { seesZoningTypes } from '../layers/policy.ts';
import { zoningSource } from '../layers/zoning-source.ts';
import type { LayerTable } from './layer-queries.ts';

export interface LayerCollection {
  id: 'zoning' | 'flood' | 'wetlands';
  table: LayerTable;
  tiles: TileSource;
  /** Whether only site-control callers (Pro, Team, admins) read it: anonymous callers get 401. */
  siteControl: boolean;
  /** The columns this caller reads, in the order properties are written. */
  columnsFor(caller: Caller): readonly string[];
  /** Every column any caller may read (the HTML table and the filter's 400 message name these). */
  columns: readonly string[];
}

const zoningCodes = ['zoning', 'zoning_name', 'zoning_description', 'jurisdiction'] as const;
const zoningTypes = ['zoning_type', 'zoning_subtype'] as const;
const floodColumns = ['fld_zone', 'zone_subtype', 'sfha', 'static_bfe', 'effective_date'] as const;
const wetlandColumns = ['wetland_type', 'attribute', 'acres'] as const;

export const layerCollections: ReadonlyMap<string, LayerCollection> = new Map<string, LayerCollection>([
  [
    'zoning',
    {
      id: 'zoning',
      table: 'zoning_districts',
      tiles: zoningSource,
      siteControl: false,
      columnsFor: (caller) => (seesZoningTypes(caller) ? [...zoningCodes, ...zoningTypes] : zoningCodes),
      columns: [...zoningCodes, ...zoningTypes],
    },
  ],
  [
    'flood',
    {
      id: 'flood',
      table: 'flood_zones',
      tiles: floodSource,
      siteControl: true,
      columnsFor: () => floodColumns,
      columns: floodColumns,
    },
  ],
  [
    'wetlands',
    {
      id: 'wetlands',
      table: 'wetlands',
      tiles: wetlandsSource,
      siteControl: true,
      columnsFor: () => wetlandColumns,
      columns: wetlandColumns,
    },
  ],
]);
