import { afterEach, describe, expect, it } from 'vitest';
import { formatUrl, parseProjectUrl, parseUrl, setProjectBase } from './url.ts';

describe('project urls', () => {
  afterEach(() => setProjectBase(null));

  it('reads the project and the place after it from a project url', () => {
    const { project, rest } = parseProjectUrl(
      '/g/acme-land/maps/old-cambridge/us/ma/middlesex/cambridge',
      '?share=abcdefghijklmnop',
    );
    expect(project).toEqual({ group: 'acme-land', slug: 'old-cambridge', share: 'abcdefghijklmnop' });
    expect(rest).toBe('/us/ma/middlesex/cambridge');
    expect(parseUrl('/g/acme-land/maps/old-cambridge/us/ma/middlesex/cambridge/12', '').path).toBe(
      '/us/ma/middlesex/cambridge/12',
    );
  });

  it('treats other paths as no project and ignores a malformed share token', () => {
    expect(parseProjectUrl('/us/ma/middlesex/cambridge', '').project).toBeNull();
    expect(parseProjectUrl('/g/acme/maps', '').project).toBeNull();
    expect(parseProjectUrl('/g/acme/maps/x', '?share=<script>').project?.share).toBeNull();
    expect(parseUrl('/g/acme/maps/x', '').path).toBeNull();
  });

  it('keeps the project path and its share token in every url the app writes', () => {
    setProjectBase({ group: 'acme', slug: 'survey', share: 'abcdefghijklmnop' });
    const view = { zoom: 14, lat: 42.37, lon: -71.11 };
    expect(formatUrl('/us/ma/middlesex/cambridge', 'street', view)).toBe(
      '/g/acme/maps/survey/us/ma/middlesex/cambridge?share=abcdefghijklmnop#base=street&map=14.00/42.37000/-71.11000',
    );
    expect(formatUrl(null, 'street', view)).toBe(
      '/g/acme/maps/survey?share=abcdefghijklmnop#base=street&map=14.00/42.37000/-71.11000',
    );
    setProjectBase(null);
    expect(formatUrl(null, 'street', view)).toBe('/#base=street&map=14.00/42.37000/-71.11000');
  });
});
