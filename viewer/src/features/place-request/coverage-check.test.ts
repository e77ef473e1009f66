import { describe, expect, it } from 'vitest';
import { coveredPaths, placeHasParcels } from './coverage-check.ts';

const covered = coveredPaths({
  headers: ['path', 'kind', 'name', 'headline', 'parcels', 'coverage_percent'],
  rows: [
    ['/us/ma', 'state', 'Massachusetts', 'Massachusetts', 27625, 0.4],
    ['/us/ma/middlesex', 'county', 'Middlesex', 'Middlesex County, MA', 27625, 3.1],
  ],
});

describe('whether a place has parcels', () => {
  it('is yes for a covered county, its state, its country and the cities inside it', () => {
    for (const path of [
      '/us/ma/middlesex',
      '/us/ma',
      '/us',
      '/us/ma/middlesex/cambridge',
      '/us/ma/middlesex/cambridge/riverside',
    ]) {
      expect(placeHasParcels(path, covered), path).toBe(true);
    }
  });

  it('is no for another county of a covered state, a county whose path only starts alike, and other countries', () => {
    for (const path of ['/us/ma/suffolk', '/us/ma/middlesex-west', '/us/nh', '/ca', '/ca/on/toronto']) {
      expect(placeHasParcels(path, covered), path).toBe(false);
    }
  });

  it('finds the path column by its header, wherever the server puts it', () => {
    expect(coveredPaths({ headers: ['name', 'path'], rows: [['Middlesex', '/us/ma/middlesex']] })).toEqual([
      '/us/ma/middlesex',
    ]);
    expect(() => coveredPaths({ headers: ['name'], rows: [] })).toThrow(/path column/);
  });
});
