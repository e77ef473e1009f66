// GET /search.json?q=&country=: the typeahead's suggestions, places first, then parcels by address or
// parcel number; at most 33 in all (the spec's limit), q of at least 2 characters. Text that starts with
// a house number ("63 high") lists parcels before places, and when no parcel has that exact address,
// the street centerlines' address ranges place the house (see address-ranges.ts).
import { Hono } from 'hono';
import type { SearchResult } from '@parcel-map/contracts/map/places';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import type { CallerResolver } from '../../../auth/caller.ts';
import { ApiError } from '../../../errors.ts';
import { bboxOf } from './queries.ts';
import { searchParcelAddresses, searchParcelNumbers, searchPlaces, type ParcelHit } from './search-queries.ts';
import { hasExactAddress, houseQuery, searchAddressRanges, type InterpolatedHit } from './address-ranges.ts';

export const maxResults = 33;
const minLength = 2;
const maxLength = 100;
const countries = ['us', 'ca', 'zz'];

/** Trimmed search text with runs of white space folded; text far over the limit is cut before any regex. */
export function normalizeSearchText(raw: string): string {
  return raw
    .slice(0, maxLength * 4)
    .trim()
    .replace(/\s+/g, ' ');
}

export function searchRoutes(deps: { config: Config; sql: Sql; callers: CallerResolver }): Hono {
  const app = new Hono();
  app.get('/search.json', async (c) => {
    await deps.callers.of(c);
    const q = normalizeSearchText(c.req.query('q') ?? '');
    if (q.length < minLength)
      throw new ApiError('BAD_REQUEST', `Search text (q) must be at least ${minLength} characters`, { parameter: 'q' });
    if (q.length > maxLength)
      throw new ApiError('BAD_REQUEST', `Search text (q) must be at most ${maxLength} characters`, { parameter: 'q' });
    const countryParam = c.req.query('country');
    const country = countryParam === undefined || countryParam === '' ? null : countryParam.toLowerCase();
    if (country !== null && !countries.includes(country)) {
      throw new ApiError('BAD_REQUEST', `country must be one of ${countries.join(', ')}`, { parameter: 'country' });
    }

    const house = houseQuery(q);
    // Address ranges are US street data: only when no other country is asked for.
    const interpolated: InterpolatedHit[] =
      house && (country === null || country === 'us') && !(await hasExactAddress(deps.sql, house))
        ? await searchAddressRanges(deps.sql, house, 5)
        : [];
    const places = await searchPlaces(deps.sql, q, country, maxResults - interpolated.length);
    // Parcel-number hits first (a typed number is a precise intent), then addresses; one entry per parcel.
    const room = maxResults - places.length - interpolated.length;
    const [byNumber, byAddress] = await Promise.all([
      searchParcelNumbers(deps.sql, q, country, room),
      searchParcelAddresses(deps.sql, q, country, room),
    ]);
    const seen = new Set<string>(interpolated.map((hit) => hit.path));
    const parcels: ParcelHit[] = [];
    for (const hit of [...byNumber, ...byAddress]) {
      if (parcels.length >= room || seen.has(hit.path)) continue;
      seen.add(hit.path);
      parcels.push(hit);
    }
    const round = (v: number) => Math.round(v * 1e6) / 1e6;
    const placeResults: SearchResult[] = [
      ...places.map((p) => {
        const bbox = bboxOf(p);
        return {
          kind: 'place' as const,
          path: p.path,
          name: p.name,
          headline: p.headline,
          center: [round((bbox[0] + bbox[2]) / 2), round((bbox[1] + bbox[3]) / 2)] as [number, number],
          bbox,
        };
      }),
    ];
    const parcelResults: SearchResult[] = [
      ...interpolated.map((p) => {
        const name = `${house!.number} ${p.street}`;
        const near = p.address ? ` (parcel ${p.address})` : '';
        return {
          kind: 'parcel' as const,
          path: p.path,
          name,
          headline: p.place_headline ? `${name}${near}, ${p.place_headline}` : `${name}${near}`,
          center: [round(p.lon), round(p.lat)] as [number, number],
          bbox: bboxOf(p),
          interpolated: true as const,
        };
      }),
      ...parcels.map((p) => {
        const name = p.address ?? (p.parcelnumb ? `Parcel ${p.parcelnumb}` : p.path);
        return {
          kind: 'parcel' as const,
          path: p.path,
          name,
          headline: p.place_headline ? `${name}, ${p.place_headline}` : name,
          center: [round(p.lon), round(p.lat)] as [number, number],
          bbox: bboxOf(p),
        };
      }),
    ];
    // A house number is a precise intent: the addresses it names rank above places named like the street.
    const results =
      house && parcelResults.length > 0 ? [...parcelResults, ...placeResults] : [...placeResults, ...parcelResults];
    return c.json({ results });
  });
  return app;
}
