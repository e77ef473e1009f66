import { describe, expect, it } from 'vitest';
import { navOpensOnStart, waterfallOpensFor } from './ui.ts';

describe('panels that open by themselves', () => {
  it('opens the navigation only wider than 1165 px, and only for paid or group users', () => {
    expect(navOpensOnStart(1440, true, true)).toBe(true);
    expect(navOpensOnStart(1440, false, true)).toBe(true);
    expect(navOpensOnStart(1440, false, false)).toBe(false);
    expect(navOpensOnStart(1166, true, false)).toBe(true);
    expect(navOpensOnStart(1165, true, true)).toBe(false);
    expect(navOpensOnStart(768, true, true)).toBe(false);
    expect(navOpensOnStart(390, true, true)).toBe(false);
  });

  it('opens the waterfall for a group project the user is not in, never outside project mode', () => {
    expect(waterfallOpensFor('acme', null)).toBe(true);
    expect(waterfallOpensFor('acme', '/g/other')).toBe(true);
    expect(waterfallOpensFor('acme', '/g/acme')).toBe(false);
    expect(waterfallOpensFor(null, null)).toBe(false);
  });
});
