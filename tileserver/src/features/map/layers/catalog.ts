// The additional-layer catalogue (FEMA flood zones, wetlands, zoning): what the layers panel lists and how
// the viewer draws each layer and its legend. It is drawn from the registered tile sources that have a
// presentation here: tile URL, layer name and zoom range come from the source itself.
import { floodSource, wetlandsSource } from '../../../tiles/static-sources.ts';
import type { TileSource } from '../../../tiles/tile-source.ts';
import { builtInTileSources } from './tile-sources.ts';
import { zoningSource } from './zoning-source.ts';
import { zoningTypes } from '@parcel-map/contracts/map/zoning-types';
import type { CatalogueLayer, LegendEntry } from '@parcel-map/contracts/map/layers';

/** What the server sends: every legend entry names its tile values (the contract lets the viewer's fallbacks omit them). */
type ServedLegendEntry = LegendEntry & { values: string[] };
export type ServedLayer = Omit<CatalogueLayer, 'legend'> & { legend: ServedLegendEntry[] };

/** How the layers panel shows a source: everything of a catalogue entry the source does not say itself. */
export interface LayerPresentation {
  id: string;
  name: string;
  description: string;
  /** Layer name inside the tiles and the attribute the legend colours by. */
  sourceLayer: string;
  property: string;
  docs: string;
  country: 'us' | 'ca';
  displayMaxzoom: number;
  labelMinzoom?: number;
  opacity: number;
  legend: ServedLegendEntry[];
}

// The spec: A, A99, AE, AH, AO, V, VE light blue; X orange; flood labels from zoom 12; opacity 0.7.
const floodHighRisk = '#7cc4f4';
const floodModerate = '#f59e42';

// USFWS Wetlands Mapper colours for the NWI wetland types.
const wetlandColors: [string, string][] = [
  ['Estuarine and Marine Deepwater', '#007c88'],
  ['Estuarine and Marine Wetland', '#66c2a5'],
  ['Freshwater Emergent Wetland', '#7fc31c'],
  ['Freshwater Forested/Shrub Wetland', '#008837'],
  ['Freshwater Pond', '#688cc0'],
  ['Lake', '#13007c'],
  ['Riverine', '#0190bf'],
  ['Other', '#b28653'],
];

const presentations = new Map<TileSource, LayerPresentation>([
  [
    floodSource,
    {
      id: 'flood',
      name: 'FEMA Flood Zones',
      description:
        'FEMA National Flood Hazard Layer: special flood hazard areas (zones A and V, 1% annual chance) and moderate-risk zone X.',
      sourceLayer: 'flood',
      property: 'fld_zone',
      docs: 'https://www.fema.gov/flood-maps/national-flood-hazard-layer',
      country: 'us',
      displayMaxzoom: 22,
      labelMinzoom: 12,
      opacity: 0.7,
      legend: [
        ...['A', 'A99', 'AE', 'AH', 'AO', 'V', 'VE'].map((zone) => ({
          label: `Zone ${zone}`,
          color: floodHighRisk,
          values: [zone],
        })),
        { label: 'Zone X', color: floodModerate, values: ['X'] },
      ],
    },
  ],
  [
    wetlandsSource,
    {
      id: 'wetlands',
      name: 'Wetlands',
      description: 'USFWS National Wetlands Inventory: wetlands and deepwater habitats by type.',
      sourceLayer: 'wetlands',
      property: 'wetland_type',
      docs: 'https://www.fws.gov/program/national-wetlands-inventory',
      country: 'us',
      displayMaxzoom: 22,
      opacity: 0.7,
      legend: wetlandColors.map(([type, color]) => ({ label: type, color, values: [type] })),
    },
  ],
  [
    zoningSource,
    {
      id: 'zoning',
      name: 'Zoning',
      description:
        'Zoning districts with their code, name and standardized zoning type (Residential, Commercial, Mixed, Industrial, Special, Planned, Agriculture, Overlay).',
      sourceLayer: 'zoning',
      property: 'zoning_type',
      docs: 'https://www.cambridgema.gov/CDD/zoninganddevelopment/Zoning',
      country: 'us',
      displayMaxzoom: 21,
      labelMinzoom: 15,
      opacity: 0.45,
      legend: zoningTypes.map((t) => ({ label: t.type, color: t.color, values: [t.type] })),
    },
  ],
]);

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
  };
}

/** The registered sources with a presentation, in their registration order. */
export const additionalLayers: readonly ServedLayer[] = builtInTileSources.flatMap((source) => {
  const presentation = presentations.get(source);
  return presentation ? [entryOf(source, presentation)] : [];
});
