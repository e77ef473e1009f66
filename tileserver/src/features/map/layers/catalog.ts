// The additional-layer catalogue (FEMA flood zones, wetlands, zoning): what the layers panel lists and how
// the viewer draws each layer and its legend. Zoom ranges come from the tile layers themselves.
import { floodLayer, wetlandsLayer } from '../../../tiles/tile-queries.ts';
import { zoningLayer, zoningTypes } from '@parcel-map/contracts/map/zoning-types';
import type { CatalogueLayer } from '@parcel-map/contracts/map/layers';

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

export const additionalLayers = [
  {
    id: 'flood',
    name: 'FEMA Flood Zones',
    description: 'FEMA National Flood Hazard Layer: special flood hazard areas (zones A and V, 1% annual chance) and moderate-risk zone X.',
    type: 'vector',
    source: '/api/v1/static/fema/{z}/{x}/{y}.mvt',
    sourceLayer: 'flood',
    property: 'fld_zone',
    docs: 'https://www.fema.gov/flood-maps/national-flood-hazard-layer',
    country: 'us',
    minzoom: floodLayer.minzoom,
    maxzoom: floodLayer.maxzoom,
    displayMaxzoom: 22,
    labelMinzoom: 12,
    opacity: 0.7,
    legend: [
      ...['A', 'A99', 'AE', 'AH', 'AO', 'V', 'VE'].map((zone) => ({ label: `Zone ${zone}`, color: floodHighRisk, values: [zone] })),
      { label: 'Zone X', color: floodModerate, values: ['X'] },
    ],
  },
  {
    id: 'wetlands',
    name: 'Wetlands',
    description: 'USFWS National Wetlands Inventory: wetlands and deepwater habitats by type.',
    type: 'vector',
    source: '/api/v1/static/wetlands/{z}/{x}/{y}.mvt',
    sourceLayer: 'wetlands',
    property: 'wetland_type',
    docs: 'https://www.fws.gov/program/national-wetlands-inventory',
    country: 'us',
    minzoom: wetlandsLayer.minzoom,
    maxzoom: wetlandsLayer.maxzoom,
    displayMaxzoom: 22,
    opacity: 0.7,
    legend: wetlandColors.map(([type, color]) => ({ label: type, color, values: [type] })),
  },
  {
    id: 'zoning',
    name: 'Zoning',
    description: 'Zoning districts with their code, name and standardized zoning type (Residential, Commercial, Mixed, Industrial, Special, Planned, Agriculture, Overlay).',
    type: 'vector',
    source: '/api/v1/zoning/{z}/{x}/{y}.mvt',
    sourceLayer: 'zoning',
    property: 'zoning_type',
    docs: 'https://www.cambridgema.gov/CDD/zoninganddevelopment/Zoning',
    country: 'us',
    minzoom: zoningLayer.minzoom,
    maxzoom: zoningLayer.maxzoom,
    displayMaxzoom: 21,
    labelMinzoom: 15,
    opacity: 0.45,
    legend: zoningTypes.map((t) => ({ label: t.type, color: t.color, values: [t.type] })),
  },
] satisfies readonly CatalogueLayer[];
