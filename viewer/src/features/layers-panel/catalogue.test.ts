import { describe, expect, it } from 'vitest';
import { builtInCatalogue, layersForCountry, toggleLayer } from './catalogue.ts';

describe('additional layer catalogue', () => {
  it('shows only layers whose country matches the view', () => {
    expect(layersForCountry(builtInCatalogue, 'us').map((l) => l.id)).toEqual(['flood', 'wetlands', 'zoning']);
    expect(layersForCountry(builtInCatalogue, 'ca')).toEqual([]);
    expect(layersForCountry(builtInCatalogue, null)).toHaveLength(3);
  });

  it('falls back to the built-in entries and ignores layers the viewer cannot draw', () => {
    expect(layersForCountry([], 'us')).toHaveLength(3);
    expect(layersForCountry([{ ...builtInCatalogue[0]!, id: 'buildings' }], 'us')).toEqual([]);
  });

  it('keeps the most recently switched-on layer last', () => {
    expect(toggleLayer(['flood', 'wetlands'], 'flood', true)).toEqual(['wetlands', 'flood']);
    expect(toggleLayer(['flood'], 'flood', false)).toEqual([]);
  });
});
