import { describe, expect, it } from 'vitest';
import { needsConfirmation, toggleOwner } from './owner-highlight.ts';

describe('the owner highlight', () => {
  it('applies an owner filter and restores the previous filters when pressed again', () => {
    const before = { usecode: ['101'] };
    const on = toggleOwner(null, before, 'SMITH JOHN');
    expect(on.filters).toEqual({ owner: ['SMITH JOHN'] });
    const off = toggleOwner(on.highlight, on.filters, 'SMITH JOHN');
    expect(off).toEqual({ highlight: null, filters: before });
  });

  it('switches to another owner and still restores the filters from before the first highlight', () => {
    const first = toggleOwner(null, {}, 'A');
    const second = toggleOwner(first.highlight, first.filters, 'B');
    expect(second.filters).toEqual({ owner: ['B'] });
    expect(toggleOwner(second.highlight, second.filters, 'B').filters).toEqual({});
  });

  it('asks first only when other filters are in force', () => {
    expect(needsConfirmation(null, {}, 'A')).toBe(false);
    expect(needsConfirmation(null, { yearbuilt: { lt: 1900 } }, 'A')).toBe(true);
    const on = toggleOwner(null, {}, 'A');
    expect(needsConfirmation(on.highlight, on.filters, 'B')).toBe(false);
  });
});
