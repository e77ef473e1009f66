// Every regular expression that sees request input, fed 16 KB of the input that makes a backtracking
// pattern slow: each must answer in under 5 ms, so one client cannot block the event loop.
import { describe, expect, it } from 'vitest';
import { parseContextPath, parseLatLon, parseParcelPath } from '../features/places/context-path.ts';
import { normalizeSearchText } from '../features/search/routes.ts';
import { looksLikeParcelNumber } from '../features/search/queries.ts';
import { validateDefinition } from '../features/sources/schema.ts';
import { parseTileCoords } from '../tiles/tile-coords.ts';

const size = 16 * 1024;
const digits = '1'.repeat(size);

/** The fastest of three runs (the first also warms the JIT), in milliseconds. */
function fastestMs(run: () => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    try {
      run();
    } catch {
      // Rejecting the input is the expected answer; only the time matters here.
    }
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

const cases: [string, () => unknown][] = [
  ['lat: digits then a letter', () => parseLatLon({ lat: `${digits}x`, lon: '1' })],
  ['lat: digits, a dot, digits, a letter', () => parseLatLon({ lat: `${digits}.${digits}x`, lon: '1' })],
  ['lon: a dot, digits, an exponent without digits', () => parseLatLon({ lat: '1', lon: `.${digits}e` })],
  ['lat: signs and dots', () => parseLatLon({ lat: '+.'.repeat(size / 2), lon: '1' })],
  ['context path: many segments then a bad character', () => parseContextPath(`/us${'/a1'.repeat(size / 3)}!`)],
  ['parcel path: numeric segments then a letter', () => parseParcelPath(`/us${'/1'.repeat(size / 2)}/x`)],
  ['tile coordinates: long digit runs', () => parseTileCoords(digits, digits, `${digits}x`)],
  ['search text: white space runs', () => normalizeSearchText(` ${' \t'.repeat(size / 2)}a${' '.repeat(size)}b`)],
  ['search text: a parcel number of digits', () => looksLikeParcelNumber(digits)],
  [
    'source definition: a long path, date and number',
    () =>
      validateDefinition({
        query: { parcel: true, path: `/us${'/a'.repeat(size / 2)}!`, filters: { yearbuilt: { gte: `${digits}x` } } },
        fields: ['owner'],
        styles: [{ field: 'saledate', predicate: 'gt', value: `${digits}-01-01`, fill: '#ff0000', line: '#000000' }],
      }),
  ],
];

describe('request patterns under adversarial input', () => {
  it.each(cases)('answers %s in under 5 ms', (_name, run) => {
    expect(fastestMs(run)).toBeLessThan(5);
  });

  it('still accepts plain coordinates and rejects malformed ones', () => {
    expect(parseLatLon({ lat: '42.3736', lon: '-71.1097' })).toEqual({ lat: 42.3736, lon: -71.1097 });
    expect(parseLatLon({ lat: '4.2e1', lon: '.5' })).toEqual({ lat: 42, lon: 0.5 });
    expect(parseLatLon({ lat: '42.', lon: '+7' })).toEqual({ lat: 42, lon: 7 });
    for (const bad of ['0x1f', 'Infinity', '1e', '.', '1.2.3', `${'1'.repeat(40)}`]) {
      expect(() => parseLatLon({ lat: bad, lon: '1' }), bad).toThrow(/lat must be/);
    }
  });
});
