import { afterEach, describe, expect, it, vi } from 'vitest';
import { follow } from './session-actions.ts';

describe('following the redirect the server answered after signing in or out', () => {
  afterEach(() => vi.unstubAllGlobals());

  const fakeLocation = () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { pathname: '/', search: '', assign });
    return assign;
  };

  it('Low 1: never leaves the site for "/\\t/evil.example" or other paths a browser resolves to another origin', () => {
    const assign = fakeLocation();
    for (const sneaky of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\\evil.example',
      '//evil.example',
      'https://evil.example/',
    ]) {
      expect(follow(sneaky), JSON.stringify(sneaky)).toBe(false);
    }
    expect(assign).not.toHaveBeenCalled();
  });

  it('goes to a local path elsewhere on the site', () => {
    const assign = fakeLocation();
    expect(follow('/us/ma/middlesex')).toBe(true);
    expect(assign).toHaveBeenCalledWith('/us/ma/middlesex');
  });
});
