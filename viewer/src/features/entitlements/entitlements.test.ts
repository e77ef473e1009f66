import { describe, expect, it } from 'vitest';
import { entitledLayers, highlightsUpsell, upsellText } from './entitlements.ts';

describe('entitlements on the map', () => {
  it('switches off the flood and wetland layers without site control', () => {
    expect(entitledLayers(['flood', 'wetlands', 'zoning'], false)).toEqual(['zoning']);
    expect(entitledLayers(['flood', 'wetlands'], true)).toEqual(['flood', 'wetlands']);
  });

  it('follows the catalogue: paid layers need site control, admin layers an admin', () => {
    const entry = { name: '', description: '', type: 'vector' as const, source: '', docs: '', country: 'us' as const };
    const catalogue = [
      { ...entry, id: 'population', access: 'paid' as const, minzoom: 6, maxzoom: 14 },
      { ...entry, id: 'flood-2010', access: 'admin' as const, minzoom: 10, maxzoom: 14 },
      { ...entry, id: 'open-space', access: 'everyone' as const, minzoom: 10, maxzoom: 14 },
    ];
    const all = ['population', 'flood-2010', 'open-space'];
    expect(entitledLayers(all, false, catalogue)).toEqual(['open-space']);
    expect(entitledLayers(all, true, catalogue)).toEqual(['population', 'open-space']);
    expect(entitledLayers(all, true, catalogue, true)).toEqual(all);
  });

  it('shows the highlights upsell for parcels outside the US to callers without site control', () => {
    expect(highlightsUpsell('/ca/on/toronto/toronto/12', false)).toBe(true);
    expect(highlightsUpsell('/ca/on/toronto/toronto/12', true)).toBe(false);
    expect(highlightsUpsell('/us/ma/middlesex/cambridge/12', false)).toBe(false);
  });

  it('words the upsell as the spec does', () => {
    expect(upsellText('Label tiles')).toBe('Label tiles are available to Pro customers.');
  });
});
