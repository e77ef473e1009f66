import { describe, expect, it } from 'vitest';
import { bandColor, bandOf, bands, formatPercent, parseCoverage } from './coverage.ts';

describe('bandOf', () => {
  it('puts shares over 80, over 50 and over 20 in their bands and the rest in the lowest', () => {
    expect([100, 80.01, 80, 50.5, 50, 20.1, 20, 0].map(bandOf)).toEqual([
      'over80',
      'over80',
      'over50',
      'over50',
      'over20',
      'over20',
      'low',
      'low',
    ]);
  });

  it('gives each band its own colour, strongest for over 80', () => {
    expect(new Set(bands.map((b) => b.color)).size).toBe(4);
    expect(bandColor(95)).toBe('#b30000');
  });
});

describe('parseCoverage', () => {
  it('reads rows by header name whatever the column order', () => {
    const entries = parseCoverage({
      headers: ['coverage_percent', 'path', 'kind', 'name', 'headline', 'parcels', 'extra'],
      rows: [[1.15, '/us/ma/middlesex', 'county', 'Middlesex', 'Middlesex County, MA', 27625, 'x']],
    });
    expect(entries).toEqual([
      {
        path: '/us/ma/middlesex',
        kind: 'county',
        name: 'Middlesex',
        headline: 'Middlesex County, MA',
        parcels: 27625,
        percent: 1.15,
      },
    ]);
  });

  it('refuses an answer without a needed column', () => {
    expect(() => parseCoverage({ headers: ['path'], rows: [] })).toThrow(/kind/);
  });
});

describe('formatPercent', () => {
  it('keeps two decimals below 1% and one above', () => {
    expect(formatPercent(0.114)).toBe('0.11%');
    expect(formatPercent(1.149)).toBe('1.1%');
    expect(formatPercent(0)).toBe('0.0%');
  });
});
