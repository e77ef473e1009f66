// The additional-layer catalogue (flood, wetlands, zoning, population, census outlines, open space, land
// cover, buildings, contours, and the admins' spot elevations and 2010 flood map): what the layers panel
// lists and how the viewer draws each layer and its legend. It is drawn from the registered tile sources
// that have a presentation (layer-presentations.ts): tile URL, layer name and zoom range come from the
// source itself. Admin-only layers are listed to admins alone; paid ones to everyone, with their access,
// so the panel can offer the upgrade.
import type { Level } from '@parcel-map/contracts/levels';
import type { CatalogueLayer } from '@parcel-map/contracts/map/layers';
import type { TileSource } from '../../../tiles/tile-source.ts';
import { type LayerPresentation, presentations, type ServedLegendEntry } from './layer-presentations.ts';
import { mayReadLayer } from './layer-sources.ts';
import { builtInTileSources } from './tile-sources.ts';

export type { LayerPresentation, ServedLegendEntry } from './layer-presentations.ts';
export type ServedLayer = Omit<CatalogueLayer, 'legend' | 'access'> & {
  legend: ServedLegendEntry[];
  access: NonNullable<CatalogueLayer['access']>;
};

/** A catalogue entry: the presentation around the source's own tile URL and zoom range, in the panel's key order. */
function entryOf(source: TileSource, p: LayerPresentation): ServedLayer {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    type: 'vector',
    source: `${source.path}/{z}/{x}/{y}.mvt`,
    sourceLayer: p.sourceLayer,
    property: p.property,
    docs: p.docs,
    country: p.country,
    minzoom: source.minzoom,
    maxzoom: source.maxzoom,
    displayMaxzoom: p.displayMaxzoom,
    ...(p.labelMinzoom !== undefined ? { labelMinzoom: p.labelMinzoom } : {}),
    opacity: p.opacity,
    legend: p.legend,
    geometry: p.geometry,
    ...(p.labelProperty !== undefined ? { labelProperty: p.labelProperty } : {}),
    ...(p.heightProperty !== undefined ? { heightProperty: p.heightProperty } : {}),
    access: p.access,
    provenance: p.provenance,
    ...(p.note !== undefined ? { note: p.note } : {}),
  };
}

/** Every registered source with a presentation, in their registration order, admin-only ones included. */
export const additionalLayers: readonly ServedLayer[] = builtInTileSources.flatMap((source) => {
  const presentation = presentations.get(source);
  return presentation ? [entryOf(source, presentation)] : [];
});

/** The catalogue a caller is shown: admin-only layers for admins alone. */
export function catalogueFor(level: Level): ServedLayer[] {
  return additionalLayers.filter((layer) => layer.access !== 'admin' || mayReadLayer('admin', { level }));
}
