import { describe, expect, it } from 'vitest';
import { filtersToRows, isFilterComplete, newFilterRow, rowsToFilters, splitValues } from './filter-rows.ts';
import type { FilterOption } from './style-rules.ts';

const options = new Map<string, FilterOption>([
  ['yearbuilt', { key: 'yearbuilt', label: 'Year Built', range: true, checkboxes: null }],
  ['owner', { key: 'owner', label: 'Owner', range: false, checkboxes: null }],
  ['struct', { key: 'struct', label: 'Structure', range: false, checkboxes: ['Yes', 'No'] }],
]);

describe('filter rows', () => {
  it('is complete with a known column and a bound, an offered option, or a value', () => {
    expect(isFilterComplete({ ...newFilterRow('yearbuilt'), gte: '1900' }, options)).toBe(true);
    expect(isFilterComplete(newFilterRow('yearbuilt'), options)).toBe(false);
    expect(isFilterComplete({ ...newFilterRow('struct'), values: ['Maybe'] }, options)).toBe(false);
    expect(isFilterComplete({ ...newFilterRow('owner'), values: ['  '] }, options)).toBe(false);
    expect(isFilterComplete({ ...newFilterRow('nope'), values: ['x'] }, options)).toBe(false);
  });

  it('turns rows into the sources API filters: numeric bounds, any of several values, one entry per column', () => {
    const rows = [
      { ...newFilterRow('yearbuilt'), gte: '1,850', lte: '' },
      { ...newFilterRow('owner'), values: splitValues('HARVARD COLLEGE; SMITH, JOHN ;') },
      { ...newFilterRow('owner'), values: ['MIT', 'HARVARD COLLEGE'] },
      newFilterRow('struct'),
    ];
    expect(rowsToFilters(rows, options)).toEqual({
      yearbuilt: { gte: 1850 },
      owner: ['HARVARD COLLEGE', 'SMITH, JOHN', 'MIT'],
    });
  });

  it('shows saved filters as rows again', () => {
    const rows = filtersToRows({ yearbuilt: { gte: 1850, lte: 1900 }, owner: ['MIT'] });
    expect(rows.map((r) => [r.field, r.values, r.gte, r.lte])).toEqual([
      ['yearbuilt', [], '1850', '1900'],
      ['owner', ['MIT'], '', ''],
    ]);
    expect(rowsToFilters(rows, options)).toEqual({ yearbuilt: { gte: 1850, lte: 1900 }, owner: ['MIT'] });
  });
});
