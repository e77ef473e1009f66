import { describe, expect, it } from 'vitest';
import { parseSession } from './session.ts';
import { takeToken } from './token.ts';

describe('takeToken', () => {
  it('takes the token from the URL and leaves the other parameters', () => {
    expect(takeToken('?token=abc&x=1', null)).toEqual({ token: 'abc', search: '?x=1' });
    expect(takeToken('?token=abc', 'old')).toEqual({ token: 'abc', search: '' });
  });

  it('falls back to the stored token when the URL has none, leaving the URL alone', () => {
    expect(takeToken('', 'stored')).toEqual({ token: 'stored', search: '' });
    expect(takeToken('?x=1', null)).toEqual({ token: null, search: '?x=1' });
  });

  it('treats an empty token parameter as absent but still removes it from the URL', () => {
    expect(takeToken('?token=', 'stored')).toEqual({ token: 'stored', search: '' });
    expect(takeToken('?token=', null)).toEqual({ token: null, search: '' });
  });
});

describe('parseSession', () => {
  it('accepts the known levels and turns anything else into the anonymous visitor', () => {
    expect(parseSession({ level: 'admin', user: { id: 1, name: 'A', email: 'a@b.c', is_admin: true } })).toMatchObject({
      level: 'admin',
      user: { id: 1 },
    });
    expect(parseSession({ level: 'root' })).toMatchObject({ level: 'anonymous', user: null });
    expect(parseSession(null).level).toBe('anonymous');
  });
});
