import { describe, expect, it } from 'vitest';
import { cacheHeadersOf, ifNoneMatchHits, weakEtagOf } from './http-cache.ts';

describe('If-None-Match', () => {
  it('matches any existing representation with *', () => {
    expect(ifNoneMatchHits('*', '"abc"')).toBe(true);
    expect(ifNoneMatchHits(' * ', 'W/"abc-gzip"')).toBe(true);
  });

  it('matches one tag of a list, weakly (a W/ prefix on either side does not matter)', () => {
    expect(ifNoneMatchHits('"x", "abc" ,"y"', '"abc"')).toBe(true);
    expect(ifNoneMatchHits('"x",W/"abc-gzip"', 'W/"abc-gzip"')).toBe(true);
    expect(ifNoneMatchHits('W/"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchHits('"abc"', 'W/"abc"')).toBe(true);
  });

  it('does not match a missing header, other tags, or a tag of the same tile in another encoding', () => {
    expect(ifNoneMatchHits(undefined, '"abc"')).toBe(false);
    expect(ifNoneMatchHits('', '"abc"')).toBe(false);
    expect(ifNoneMatchHits('"x", "y"', '"abc"')).toBe(false);
    expect(ifNoneMatchHits('W/"abc-zstd"', 'W/"abc-gzip"')).toBe(false);
    expect(ifNoneMatchHits('"abc"', 'W/"abc-gzip"')).toBe(false);
    expect(ifNoneMatchHits('"abcd"', '"abc"')).toBe(false);
  });
});

describe('the caching headers of a document', () => {
  it('keeps a public document public for a short while, keyed by the Authorization header', () => {
    expect(cacheHeadersOf('public', 60)).toEqual({ 'Cache-Control': 'public, max-age=60', Vary: 'Authorization' });
  });

  it('keys a document that varies by caller by the credentials, and keeps a private one out of shared caches', () => {
    expect(cacheHeadersOf('varies', 60)).toEqual({
      'Cache-Control': 'public, max-age=60',
      Vary: 'Cookie, Authorization',
    });
    expect(cacheHeadersOf('private', 60)).toEqual({
      'Cache-Control': 'private, max-age=60',
      Vary: 'Cookie, Authorization',
    });
  });

  it('tags a JSON text with a weak ETag that changes with the text', () => {
    expect(weakEtagOf('{"a":1}')).toMatch(/^W\/"[A-Za-z0-9_-]{22}"$/);
    expect(weakEtagOf('{"a":1}')).toBe(weakEtagOf('{"a":1}'));
    expect(weakEtagOf('{"a":2}')).not.toBe(weakEtagOf('{"a":1}'));
  });
});
