import { describe, expect, it } from 'vitest';
import { entitledLayers, highlightsUpsell, upsellText } from './entitlements.ts';

describe('entitlements on the map', () => {
  it('switches off the flood and wetland layers without site control', () => {
    expect(entitledLayers(['flood', 'wetlands', 'zoning'], false)).toEqual(['zoning']);
    expect(entitledLayers(['flood', 'wetlands'], true)).toEqual(['flood', 'wetlands']);
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
