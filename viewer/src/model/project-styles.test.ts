import { describe, expect, it } from 'vitest';
import { defaultBaseStyle, newRule } from './style-rules.ts';
import { fromSavedStyles, hasUnsavedStyles, toSavedStyles } from './project-styles.ts';

const red = { ...newRule('#ff0000', '#880000'), field: 'yearbuilt', predicate: 'lt' as const, value: '1900' };

describe('project styles', () => {
  it('turns saved canonical rules back into the panel rules and the base style', () => {
    const style = fromSavedStyles([
      { field: 'yearbuilt', predicate: 'lt', value: 1900, fill: '#ff0000ff', line: '#880000ff' },
      { field: 'struct', predicate: 'is', value: true, fill: '#00ff00ff', line: '#00000000' },
      { predicate: 'default', fill: '#00000000', line: '#8a2be2ff' },
    ]);
    expect(style.rules.map((r) => [r.field, r.predicate, r.value, r.fill])).toEqual([
      ['yearbuilt', 'lt', '1900', '#ff0000ff'],
      ['struct', 'is', 'Yes', '#00ff00ff'],
    ]);
    expect(style.base).toEqual(defaultBaseStyle);
    expect(new Set(style.rules.map((r) => r.id)).size).toBe(2);
  });

  it('sees no unsaved change when the map shows what was saved, colours written either way', () => {
    const saved = [
      { field: 'yearbuilt', predicate: 'lt', value: 1900, fill: '#ff0000ff', line: '#880000ff' },
      { predicate: 'default', fill: '#00000000', line: '#8a2be2ff' },
    ];
    expect(hasUnsavedStyles({ rules: [red], base: defaultBaseStyle }, saved)).toBe(false);
    expect(hasUnsavedStyles({ rules: [{ ...red, value: '1,900' }], base: defaultBaseStyle }, saved)).toBe(false);
  });

  it('sees an unsaved change when a rule, its order or the base style differs', () => {
    const blue = { ...red, id: 'b', value: '3000', fill: '#0000ff' };
    const saved = toSavedStyles({ rules: [red, blue], base: defaultBaseStyle });
    expect(hasUnsavedStyles({ rules: [red, blue], base: defaultBaseStyle }, saved)).toBe(false);
    expect(hasUnsavedStyles({ rules: [blue, red], base: defaultBaseStyle }, saved)).toBe(true);
    expect(hasUnsavedStyles({ rules: [red], base: defaultBaseStyle }, saved)).toBe(true);
    expect(hasUnsavedStyles({ rules: [red, blue], base: { fill: '#ffffffff', line: '#8a2be2ff' } }, saved)).toBe(true);
    expect(hasUnsavedStyles({ rules: [], base: defaultBaseStyle }, [])).toBe(false);
  });
});
