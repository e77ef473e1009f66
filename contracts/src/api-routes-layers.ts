// The registry's map layers under /api/v1/layers/{id}: TileJSON and vector tiles of population, the
// census outlines, open space (everyone), land cover, buildings and contours (Pro and Team) and the
// admins' spot elevations and 2010 flood map. The layer catalogue (/api/v1/layers.json) lists each
// with its access, legend and provenance.
import { z } from 'zod';
import { tileLayer } from './api-routes-tiles.ts';
import type { ApiRoute } from './openapi.ts';

export const mapLayerIds = [
  'population',
  'census-block-groups',
  'census-blocks',
  'open-space',
  'land-cover',
  'buildings',
  'contours',
  'spot-elevations',
  'flood-2010',
] as const;

const layerId = z.object({
  id: z
    .enum(mapLayerIds)
    .describe(
      'The layer: population, census-block-groups, census-blocks, open-space (everyone); land-cover, buildings, contours (Pro and Team); spot-elevations, flood-2010 (admins)',
    ),
});

export const mapLayerRoutes: ApiRoute[] = tileLayer('/api/v1/layers/{id}', 'mapLayer', 'a map layer', {
  params: layerId,
  forbidden: 'The caller’s plan does not include this layer (the answer links to the upgrade), or it is for admins',
});
