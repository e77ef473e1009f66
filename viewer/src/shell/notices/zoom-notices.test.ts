import { describe, expect, it } from 'vitest';
import { builtInCatalogue } from '../../features/layers-panel/catalogue.ts';
import { zoomNotices } from './zoom-notices.ts';

const noLabels = { owner: false, parcelnumb: false, dimensionsFeet: false, dimensionsMeters: false };

describe('zoom notices', () => {
  it('asks to zoom in to see parcels below zoom 11', () => {
    expect(zoomNotices(10.9, { parcelMinZoom: 11, labels: noLabels, active: [] })).toEqual(['Zoom in to see parcels']);
    expect(zoomNotices(11, { parcelMinZoom: 11, labels: noLabels, active: [] })).toEqual([]);
  });

  it('asks to zoom in to see owner names and parcel numbers below zoom 17 when those labels are on', () => {
    const labels = { ...noLabels, owner: true, parcelnumb: true };
    expect(zoomNotices(16, { parcelMinZoom: 11, labels, active: [] })).toEqual([
      'Zoom in to see owner names',
      'Zoom in to see parcel numbers',
    ]);
    expect(zoomNotices(17, { parcelMinZoom: 11, labels, active: [] })).toEqual([]);
  });

  it('names an additional layer below its minimum zoom', () => {
    const wetlands = builtInCatalogue.filter((l) => l.id === 'wetlands');
    expect(zoomNotices(9, { parcelMinZoom: 11, labels: noLabels, active: wetlands })).toContain(
      'Zoom in to see Wetlands',
    );
  });
});
