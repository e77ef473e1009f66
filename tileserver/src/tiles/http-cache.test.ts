import { describe, expect, it } from 'vitest';
import { cacheHeadersOf, weakEtagOf } from './http-cache.ts';

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
