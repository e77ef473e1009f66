import { describe, expect, it } from 'vitest';
import {
  chooseEncoding,
  ifNoneMatchMatches,
  parseAcceptEncoding,
  varyOnAcceptEncoding,
} from './content-negotiation.ts';

describe('Accept-Encoding', () => {
  it('reads codings with their q-values, drops malformed ones and keeps the first mention', () => {
    expect([...parseAcceptEncoding(' BR;q=0.8 , x-gzip;Q=0.5, deflate;q=1.5, gzip;q=0.1, *;q=0')]).toEqual([
      ['br', 0.8],
      ['gzip', 0.5],
      ['*', 0],
    ]);
  });

  it('prefers the higher q-value, then br over gzip over identity', () => {
    const all = ['br', 'gzip', 'identity'] as const;
    expect(chooseEncoding('gzip, br', all)).toBe('br');
    expect(chooseEncoding('gzip;q=0.9, br;q=0.8', all)).toBe('gzip');
    expect(chooseEncoding('identity;q=1, br;q=0.5', all)).toBe('identity');
    expect(chooseEncoding('gzip;q=0.001', all)).toBe('gzip');
    expect(chooseEncoding('deflate', all)).toBe('identity');
    expect(chooseEncoding('br', ['gzip', 'identity'])).toBe('identity');
    expect(chooseEncoding('*', ['gzip', 'identity'])).toBe('gzip');
  });

  it('sends identity when nothing acceptable is held, even when identity is refused', () => {
    expect(chooseEncoding('identity;q=0', ['br', 'gzip', 'identity'])).toBe('identity');
    expect(chooseEncoding('identity;q=0, br', ['br', 'gzip', 'identity'])).toBe('br');
    expect(chooseEncoding(undefined, ['br', 'gzip', 'identity'])).toBe('identity');
  });
});

describe('If-None-Match', () => {
  it('matches by weak comparison over a list of entity tags, and * matches anything', () => {
    expect(ifNoneMatchMatches('"a", "b"', '"b"')).toBe(true);
    expect(ifNoneMatchMatches('W/"b"', '"b"')).toBe(true);
    expect(ifNoneMatchMatches('"b"', 'W/"b"')).toBe(true);
    expect(ifNoneMatchMatches(' * ', '"b"')).toBe(true);
    expect(ifNoneMatchMatches('"a,"b"', '"b"')).toBe(false);
    expect(ifNoneMatchMatches('"bb"', '"b"')).toBe(false);
    expect(ifNoneMatchMatches(undefined, '"b"')).toBe(false);
  });

  it('adds Accept-Encoding to Vary once', () => {
    expect(varyOnAcceptEncoding(null)).toBe('Accept-Encoding');
    expect(varyOnAcceptEncoding('Origin')).toBe('Origin, Accept-Encoding');
    expect(varyOnAcceptEncoding('origin, accept-encoding')).toBe('origin, accept-encoding');
    expect(varyOnAcceptEncoding('*')).toBe('*');
  });
});

describe('If-None-Match over tiles in several encodings', () => {
  it('matches any existing representation with *', () => {
    expect(ifNoneMatchMatches('*', '"abc"')).toBe(true);
    expect(ifNoneMatchMatches(' * ', 'W/"abc-gzip"')).toBe(true);
  });

  it('matches one tag of a list, weakly (a W/ prefix on either side does not matter)', () => {
    expect(ifNoneMatchMatches('"x", "abc" ,"y"', '"abc"')).toBe(true);
    expect(ifNoneMatchMatches('"x",W/"abc-gzip"', 'W/"abc-gzip"')).toBe(true);
    expect(ifNoneMatchMatches('W/"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchMatches('"abc"', 'W/"abc"')).toBe(true);
  });

  it('does not match a missing header, other tags, or a tag of the same tile in another encoding', () => {
    expect(ifNoneMatchMatches(undefined, '"abc"')).toBe(false);
    expect(ifNoneMatchMatches('', '"abc"')).toBe(false);
    expect(ifNoneMatchMatches('"x", "y"', '"abc"')).toBe(false);
    expect(ifNoneMatchMatches('W/"abc-zstd"', 'W/"abc-gzip"')).toBe(false);
    expect(ifNoneMatchMatches('"abc"', 'W/"abc-gzip"')).toBe(false);
    expect(ifNoneMatchMatches('"abcd"', '"abc"')).toBe(false);
  });
});
