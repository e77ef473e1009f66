import { describe, expect, it } from 'vitest';
import { axisLabel, formatCurrency, formatPercent, formatShare, pageCount, pageOf } from './format.ts';

describe('insights formatting', () => {
  it('shows currency in whole dollars and percents under 1 as <1%', () => {
    expect(formatCurrency(1234567.8)).toBe('$1,234,568');
    expect(formatCurrency(null)).toBe('No data');
    expect(formatPercent(0.4)).toBe('<1%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(12.345)).toBe('12.3%');
    expect(formatShare(0.5)).toBe('50%');
  });

  it('truncates owner axis labels to 4 characters and pages owners 8 at a time', () => {
    expect(axisLabel('TUFTS COLLEGE')).toBe('TUFT');
    expect(axisLabel('ABC')).toBe('ABC');
    const owners = Array.from({ length: 19 }, (_, i) => i);
    expect(pageOf(owners, 0)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(pageOf(owners, 2)).toEqual([16, 17, 18]);
    expect(pageCount(19)).toBe(3);
    expect(pageCount(0)).toBe(1);
  });
});
