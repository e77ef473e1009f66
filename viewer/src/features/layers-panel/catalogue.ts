// The additional-layer catalogue as the panel shows it: every entry the server lists (built-in entries
// when the catalogue cannot be loaded), only where their country matches; who may switch each on; and
// the provenance line under its name.
import type { CatalogueLayer } from '@parcel-map/contracts/map/layers';
import type { Level } from '@parcel-map/contracts/people/session';
import { builtInCatalogue } from '../../map/layers/catalogue-layer/built-in-catalogue.ts';

export { builtInCatalogue };

/** Entries for the view's country; with no known country every entry shows. Admin layers only for admins
 * (the server lists them to admins only; this keeps a stale list honest). */
export function layersForCountry(catalogue: CatalogueLayer[], country: string | null, admin = false): CatalogueLayer[] {
  const source = catalogue.length > 0 ? catalogue : builtInCatalogue;
  return source.filter(
    (l) => (admin || l.access !== 'admin') && (!country || l.country.toLowerCase().split(/[ ,]+/).includes(country)),
  );
}

/** Why a layer cannot be switched on: 'upgrade' (Free: to Pro), 'sign-up' (anonymous), or null when it can.
 * An entry that does not say (the built-in zoning) needs site control, as every layer once did. */
export function layerLock(layer: CatalogueLayer, level: Level, hasSiteControl: boolean): 'upgrade' | 'sign-up' | null {
  if (layer.access === 'everyone') return null;
  if (layer.access === 'admin' && level === 'admin') return null;
  if (layer.access !== 'admin' && hasSiteControl) return null;
  return level === 'anonymous' ? 'sign-up' : 'upgrade';
}

/** "City of Cambridge GIS · PDDL 1.0 · 2018": publisher, licence and vintage. */
export function provenanceLine(layer: CatalogueLayer): string | null {
  const p = layer.provenance;
  if (!p) return null;
  return [p.publisher, p.licence, p.vintage].filter(Boolean).join(' · ');
}

/** Switching a layer on puts it last, so the legend shows the most recent one. */
export function toggleLayer(active: string[], id: string, on: boolean): string[] {
  const without = active.filter((a) => a !== id);
  return on ? [...without, id] : without;
}
