// GET /search.json?q=&country=&near=lon,lat: the typeahead's suggestions: places, streets (from the
// centerlines, with their extent) and parcels by address or parcel number, ranked together by
// search-rank.ts (whole words before word prefixes before fuzzy matches; near the view first within
// each); at most 33 in all (the spec's limit), q of at least 2 characters. Text that starts with a
// house number ("63 high") ranks addresses first, and when no parcel has that exact address, the street
// centerlines' address ranges place the house (see address-ranges.ts).
import { Hono } from 'hono';
import type { SearchResult } from '@parcel-map/contracts/map/places';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import type { CallerResolver } from '../../../auth/caller.ts';
import { ApiError } from '../../../errors.ts';
import type { BBox } from '@parcel-map/contracts/map/places';
import { bboxOf } from './queries.ts';
import {
  looksLikeParcelNumber,
  searchParcelAddresses,
  searchParcelNumbers,
  searchPlaces,
  searchStreets,
  type Near,
} from './search-queries.ts';
import {
  hasExactAddress,
  houseQuery,
  searchAddressRanges,
  type HouseQuery,
  type InterpolatedHit,
} from './address-ranges.ts';
import { bestMatch, kmToBox, rank, Tier, wholeWordPatterns, wordStartPatterns, type Candidate } from './search-rank.ts';

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

    const near = parseNear(c.req.query('near'));

    const house = houseQuery(q);
    // Address ranges are US street data: only when no other country is asked for.
    const interpolated: InterpolatedHit[] =
      house && (country === null || country === 'us') && !(await hasExactAddress(deps.sql, house))
        ? await searchAddressRanges(deps.sql, house, 5)
        : [];
    const wordStart = wordStartPatterns(q);
    // Streets are US centerline data; a query that is one parcel number names no street.
    const streetsWanted = (country === null || country === 'us') && !(looksLikeParcelNumber(q) && /^[\d-]+$/.test(q));
    const [places, streets, byNumber, byAddress] = await Promise.all([
      wordStart.length > 0 ? searchPlaces(deps.sql, q, country, near, wordStart[0]!, maxResults) : [],
      streetsWanted ? searchStreets(deps.sql, wordStart, maxResults) : [],
      searchParcelNumbers(deps.sql, q, country, maxResults),
      searchParcelAddresses(deps.sql, q, country, near, wholeWordPatterns(q), maxResults),
    ]);
    const km = (box: BBox) => (near ? kmToBox(near, box) : undefined);
    const candidates: Candidate<SearchResult>[] = [];
    for (const p of interpolated) {
      const result = interpolatedResult(p, house!);
      candidates.push({
        value: result,
        kind: 'interpolated',
        match: { tier: Tier.Whole, exact: true },
        km: km(result.bbox!),
        weight: 0,
        name: result.name,
      });
    }
    for (const p of places) {
      const bbox = bboxOf(p);
      candidates.push({
        value: {
          kind: 'place',
          path: p.path,
          name: p.name,
          headline: p.headline,
          headline_alt: p.headline_alt ?? p.headline,
          center: [round((bbox[0] + bbox[2]) / 2), round((bbox[1] + bbox[3]) / 2)],
          bbox,
        },
        kind: p.has_parcels ? 'place-with-parcels' : 'place',
        match: bestMatch(q, [p.name, p.headline]),
        km: km(bbox),
        weight: placeWeight(p.kind),
        name: p.name,
      });
    }
    for (const st of streets) {
      const bbox = bboxOf(st);
      const slug = st.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      candidates.push({
        value: {
          kind: 'street',
          path: `${st.place_path ?? ''}/streets/${slug}`,
          name: st.name,
          headline: st.place_headline ? `${st.name}, ${st.place_headline}` : st.name,
          center: [round(st.lon), round(st.lat)],
          bbox,
        },
        kind: 'street',
        match: bestMatch(q, [st.name]),
        km: km(bbox),
        weight: st.segments,
        name: st.name,
      });
    }
    // One entry per parcel: a parcel number's hit before the same parcel's address hit.
    const seen = new Set<string>(interpolated.map((hit) => hit.path));
    for (const p of [...byNumber, ...byAddress]) {
      if (seen.has(p.path)) continue;
      seen.add(p.path);
      const name = p.address ?? (p.parcelnumb ? `Parcel ${p.parcelnumb}` : p.path);
      const value: SearchResult = {
        kind: 'parcel',
        path: p.path,
        name,
        headline: p.place_headline ? `${name}, ${p.place_headline}` : name,
        center: [round(p.lon), round(p.lat)],
        bbox: bboxOf(p),
      };
      candidates.push({
        value,
        kind: 'parcel',
        match: bestMatch(q, [p.address, p.parcelnumb]),
        km: km(value.bbox!),
        weight: 0,
        name,
      });
    }
    const results = rank(candidates, house !== null).slice(0, maxResults);
    return c.json({ results });
  });
  return app;
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;

/** Broader places first among equals: a state before a county of the same name. */
function placeWeight(kind: string): number {
  return 5 - Math.max(0, ['country', 'state', 'county', 'city', 'neighborhood'].indexOf(kind));
}

/** `near=lon,lat`: the map's view centre; absent or empty means no view. */
export function parseNear(raw: string | undefined): Near {
  if (raw === undefined || raw === '') return null;
  const parts = raw.split(',');
  const [lon, lat] = parts.map((v) => (v.trim() === '' ? Number.NaN : Number(v)));
  if (
    parts.length !== 2 ||
    !Number.isFinite(lon) ||
    !Number.isFinite(lat) ||
    Math.abs(lon!) > 180 ||
    Math.abs(lat!) > 90
  ) {
    throw new ApiError('BAD_REQUEST', 'near must be lon,lat in degrees', { parameter: 'near' });
  }
  return [lon!, lat!];
}

function interpolatedResult(p: InterpolatedHit, house: HouseQuery): SearchResult {
  const name = `${house.number} ${p.street}`;
  const near = p.address ? ` (parcel ${p.address})` : '';
  return {
    kind: 'parcel',
    path: p.path,
    name,
    headline: p.place_headline ? `${name}${near}, ${p.place_headline}` : `${name}${near}`,
    center: [round(p.lon), round(p.lat)],
    bbox: bboxOf(p),
    interpolated: true,
  };
}
