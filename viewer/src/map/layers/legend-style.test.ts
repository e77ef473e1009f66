import { describe, expect, it } from 'vitest';
import { legendColorExpression } from './legend-style.ts';

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
