// The layers this viewer lists and draws when the server's catalogue cannot be loaded: flood, wetlands
// and zoning, with what the map needs to draw them (tile layer, attribute, legend colours, opacity).
import type { CatalogueLayer } from '@parcel-map/contracts/map/layers';
import { zoningTypes } from '@parcel-map/contracts/map/zoning-types';

const floodHighRisk = ['A', 'A99', 'AE', 'AH', 'AO', 'V', 'VE'];

export const builtInCatalogue: CatalogueLayer[] = [
  {
    id: 'flood',
    name: 'FEMA Flood Zones',
    type: 'vector',
    country: 'us',
    source: '/api/v1/static/fema/{z}/{x}/{y}.mvt',
    sourceLayer: 'flood',
    property: 'fld_zone',
    description: 'FEMA National Flood Hazard Layer zones: A and V zones are high-risk special flood hazard areas.',
    docs: 'https://www.fema.gov/flood-maps/national-flood-hazard-layer',
    minzoom: 0,
    maxzoom: 14,
    displayMaxzoom: 22,
    labelMinzoom: 12,
    opacity: 0.7,
    access: 'paid',
    legend: [
      { label: `${floodHighRisk.join(', ')} (high risk)`, color: '#7ec8f0', values: floodHighRisk },
      { label: 'X (moderate to minimal risk)', color: '#f5a623', values: ['X'] },
    ],
  },
  {
    id: 'wetlands',
    name: 'Wetlands',
    type: 'vector',
    country: 'us',
    source: '/api/v1/static/wetlands/{z}/{x}/{y}.mvt',
    sourceLayer: 'wetlands',
    property: 'wetland_type',
    description: 'US Fish and Wildlife Service National Wetlands Inventory.',
    docs: 'https://www.fws.gov/program/national-wetlands-inventory',
    minzoom: 10,
    maxzoom: 14,
    displayMaxzoom: 22,
    opacity: 0.7,
    access: 'paid',
    legend: [
      { label: 'Freshwater Emergent Wetland', color: '#7fc31c' },
      { label: 'Freshwater Forested/Shrub Wetland', color: '#008837' },
      { label: 'Freshwater Pond', color: '#688cc0' },
      { label: 'Lake', color: '#13007c' },
      { label: 'Riverine', color: '#0190bf' },
      { label: 'Estuarine and Marine Wetland', color: '#66c2a5' },
      { label: 'Estuarine and Marine Deepwater', color: '#007c88' },
      { label: 'Other', color: '#b28653' },
    ],
  },
  {
    id: 'zoning',
    name: 'Zoning',
    type: 'vector',
    country: 'us',
    source: '/api/v1/zoning/{z}/{x}/{y}.mvt',
    sourceLayer: 'zoning',
    property: 'zoning_type',
    description: 'Zoning districts with their code, name and standardized zoning type.',
    docs: 'https://www.cambridgema.gov/CDD/zoninganddevelopment/Zoning',
    minzoom: 11,
    maxzoom: 20,
    legend: zoningTypes.map((t) => ({ label: t.type, color: t.color, values: [t.type] })),
  },
];
