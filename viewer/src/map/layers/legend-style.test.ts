import { describe, expect, it } from 'vitest';
import { legendColorExpression, rangeText } from './legend-style.ts';

describe('legend colours on the map', () => {
  it('maps each legend entry’s values to its colour, with a fallback', () => {
    const legend = [
      { label: 'Zone AE', color: '#7cc4f4', values: ['AE'] },
      { label: 'Zone X', color: '#f59e42', values: ['X'] },
    ];
    expect(legendColorExpression('fld_zone', legend, '#ccc')).toEqual([
      'match',
      ['get', 'fld_zone'],
      ['AE'],
      '#7cc4f4',
      ['X'],
      '#f59e42',
      '#ccc',
    ]);
  });

  it('uses the label as the value when an entry lists none, and skips repeated values', () => {
    const legend = [
      { label: 'Lake', color: '#13007c' },
      { label: 'Lake again', color: '#000', values: ['Lake'] },
    ];
    expect(legendColorExpression('wetland_type', legend, '#ccc')).toEqual([
      'match',
      ['get', 'wetland_type'],
      ['Lake'],
      '#13007c',
      '#ccc',
    ]);
  });

  it('gives nothing for an empty legend', () => {
    expect(legendColorExpression('x', [], '#ccc')).toBeNull();
  });
});

describe('legend ranges on the map', () => {
  it('steps through ascending ranges, with the fallback below, in gaps and past a closed end', () => {
    const legend = [
      { label: 'Dense', color: '#c00', range: { min: 20000 } },
      { label: 'Sparse', color: '#fee', range: { max: 5000 } },
      { label: 'Middle', color: '#f88', range: { min: 5000, max: 10000 } },
    ];
    expect(legendColorExpression('density', legend, '#ccc')).toEqual([
      'case',
      ['==', ['typeof', ['get', 'density']], 'number'],
      ['step', ['get', 'density'], '#fee', 5000, '#f88', 10000, '#ccc', 20000, '#c00'],
      '#ccc',
    ]);
  });

  it('draws a legend of one range open at both ends in its one colour', () => {
    expect(legendColorExpression('geoid', [{ label: 'Block', color: '#9e9ac8', range: {} }], '#ccc')).toBe('#9e9ac8');
  });

  it('writes ranges with thousands separators and open ends in words', () => {
    expect(rangeText({ min: 1000, max: 25000 })).toBe('1,000–25,000');
    expect(rangeText({ max: 1000 })).toBe('Under 1,000');
    expect(rangeText({ min: 12500.5 })).toBe('12,500.5 and over');
  });
});
