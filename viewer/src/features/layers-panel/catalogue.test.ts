import { describe, expect, it } from 'vitest';
import type { CatalogueLayer } from '@parcel-map/contracts/map/layers';
import { builtInCatalogue, layerLock, layersForCountry, provenanceLine, toggleLayer } from './catalogue.ts';

const population: CatalogueLayer = {
  ...builtInCatalogue[0]!,
  id: 'population',
  access: 'paid',
  provenance: { publisher: 'US Census Bureau', licence: 'Public domain', vintage: 'ACS 2018–2022' },
};
const spotElevations: CatalogueLayer = { ...builtInCatalogue[0]!, id: 'spot-elevations', access: 'admin' };

describe('additional layer catalogue', () => {
  it('shows only layers whose country matches the view', () => {
    expect(layersForCountry(builtInCatalogue, 'us').map((l) => l.id)).toEqual(['flood', 'wetlands', 'zoning']);
    expect(layersForCountry(builtInCatalogue, 'ca')).toEqual([]);
    expect(layersForCountry(builtInCatalogue, null)).toHaveLength(3);
  });

  it('falls back to the built-in entries, and lists any layer the server adds without viewer code', () => {
    expect(layersForCountry([], 'us')).toHaveLength(3);
    expect(layersForCountry([population], 'us').map((l) => l.id)).toEqual(['population']);
  });

  it('lists admin layers to admins only', () => {
    expect(layersForCountry([population, spotElevations], 'us').map((l) => l.id)).toEqual(['population']);
    expect(layersForCountry([population, spotElevations], 'us', true)).toHaveLength(2);
  });

  it('locks paid layers for Free users (to Pro) and anonymous visitors (to sign up), not for Pro', () => {
    expect(layerLock(population, 'free', false)).toBe('upgrade');
    expect(layerLock(population, 'anonymous', false)).toBe('sign-up');
    expect(layerLock(population, 'pro', true)).toBeNull();
    expect(layerLock({ ...population, access: 'everyone' }, 'anonymous', false)).toBeNull();
    expect(layerLock(spotElevations, 'pro', true)).toBe('upgrade');
    expect(layerLock(spotElevations, 'admin', true)).toBeNull();
  });

  it('writes the provenance as publisher · licence · vintage', () => {
    expect(provenanceLine(population)).toBe('US Census Bureau · Public domain · ACS 2018–2022');
    expect(
      provenanceLine({ ...population, provenance: { publisher: 'City of Cambridge GIS', licence: 'PDDL 1.0' } }),
    ).toBe('City of Cambridge GIS · PDDL 1.0');
    expect(provenanceLine(builtInCatalogue[0]!)).toBeNull();
  });

  it('keeps the most recently switched-on layer last', () => {
    expect(toggleLayer(['flood', 'wetlands'], 'flood', true)).toEqual(['wetlands', 'flood']);
    expect(toggleLayer(['flood'], 'flood', false)).toEqual([]);
  });
});
