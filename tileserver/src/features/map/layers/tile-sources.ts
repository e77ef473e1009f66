// The built-in tile sources and where they are mounted: the parcel layer, the static flood and wetland
// layers, zoning, the street basemap and the map layers of layer-sources.ts (/api/v1/layers/:id). The
// tile route pair (tiles/source-routes.ts) serves them with the stored sources, and the layer
// catalogue (catalog.ts) is drawn from them.
import { parcelSource } from '../../../tiles/parcel-source.ts';
import { staticSources } from '../../../tiles/static-sources.ts';
import { mountOf, type TileSource, type TileSourceMount } from '../../../tiles/tile-source.ts';
import { basemapSource } from './basemap-source.ts';
import { layerMount } from './layer-sources.ts';
import { zoningSource } from './zoning-source.ts';

export const builtInTileMounts: readonly TileSourceMount[] = [
  mountOf(parcelSource),
  staticSources,
  mountOf(zoningSource),
  mountOf(basemapSource),
  layerMount,
];

export const builtInTileSources: readonly TileSource[] = builtInTileMounts.flatMap((m) => m.registered);
