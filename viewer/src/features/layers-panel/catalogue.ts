// The additional-layer catalogue as the panel shows it: the server's entries for layers this viewer can
// draw (built-in entries when the catalogue cannot be loaded), only where their country matches.
import type { CatalogueLayer } from '@parcel-map/contracts/map/layers';

export const drawableLayers = ['flood', 'wetlands', 'zoning'];

export const builtInCatalogue: CatalogueLayer[] = [
  {
    id: 'flood',
    name: 'FEMA Flood Zones',
    type: 'vector',
    country: 'us',
    source: '/api/v1/static/fema/{z}/{x}/{y}.mvt',
    description: 'FEMA National Flood Hazard Layer zones: A and V zones are high-risk special flood hazard areas.',
    docs: 'https://www.fema.gov/flood-maps/national-flood-hazard-layer',
    minzoom: 0,
    maxzoom: 22,
  },
  {
    id: 'wetlands',
    name: 'Wetlands',
    type: 'vector',
    country: 'us',
    source: '/api/v1/static/wetlands/{z}/{x}/{y}.mvt',
    description: 'US Fish and Wildlife Service National Wetlands Inventory.',
    docs: 'https://www.fws.gov/program/national-wetlands-inventory',
    minzoom: 10,
    maxzoom: 22,
  },
  {
    id: 'zoning',
    name: 'Zoning',
    type: 'vector',
    country: 'us',
    source: '/api/v1/zoning/{z}/{x}/{y}.mvt',
    description: 'Zoning districts with their code, name and standardized zoning type.',
    docs: 'https://www.cambridgema.gov/CDD/zoninganddevelopment/Zoning',
    minzoom: 11,
    maxzoom: 20,
  },
];

/** Entries for the view's country; with no known country every entry shows. */
export function layersForCountry(catalogue: CatalogueLayer[], country: string | null): CatalogueLayer[] {
  const source = catalogue.length > 0 ? catalogue : builtInCatalogue;
  return source.filter(
    (l) => drawableLayers.includes(l.id) && (!country || l.country.toLowerCase().split(/[ ,]+/).includes(country)),
  );
}

/** Switching a layer on puts it last, so the legend shows the most recent one. */
export function toggleLayer(active: string[], id: string, on: boolean): string[] {
  const without = active.filter((a) => a !== id);
  return on ? [...without, id] : without;
}
