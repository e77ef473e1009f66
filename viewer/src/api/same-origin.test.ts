import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './same-origin.ts';

const origin = 'https://parcels.example';

describe('same-origin links', () => {
  it('L14: links made from user input (place requests, ?from=) lead only to paths of this site', () => {
    for (const hostile of [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      ' /x',
      '',
      null,
      undefined,
    ]) {
      expect(sameOriginPath(hostile, origin), String(hostile)).toBeNull();
    }
    expect(sameOriginPath('/us/ma/middlesex/cambridge', origin)).toBe('/us/ma/middlesex/cambridge');
    expect(sameOriginPath('/store/us/ma?product=premium#top', origin)).toBe('/store/us/ma?product=premium#top');
  });
});
