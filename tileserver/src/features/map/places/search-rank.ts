// Search relevance: how well a result's name matches the typed words, and how near it is to the map's
// view. Whole-word matches (every typed word is a word of the name: "harvard" in "Harvard St") rank
// above word-prefix matches ("harv", "mass ave"), which rank above fuzzy ones (trigram: "harvard" ~
// "Hardy"); within a tier, results near the view come first, then exact names, then the kind: a
// place with parcels, a street, a place without, a parcel. Street words are compared in one spelling
// ("street" and "st", "mount" and "mt"), so the typed long form finds the abbreviated label.

/** The typed or written long forms of street words, as the centerline labels abbreviate them. */
const canonical: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  av: 'ave',
  road: 'rd',
  place: 'pl',
  terrace: 'ter',
  square: 'sq',
  drive: 'dr',
  boulevard: 'blvd',
  parkway: 'pkwy',
  court: 'ct',
  lane: 'ln',
  highway: 'hwy',
  mount: 'mt',
  turnpike: 'tpk',
  circle: 'cir',
  park: 'pk',
};

/** Lower-case words of a name or query, punctuation dropped ("Area 2/MIT" -> area, 2, mit). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’'.]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map((w) => canonical[w] ?? w);
}

/** Every spelling a typed word may have in the data: the word, its abbreviation and its long forms. */
export function spellings(word: string): string[] {
  const short = canonical[word] ?? word;
  const long = Object.keys(canonical).filter((k) => canonical[k] === short);
  return [...new Set([word, short, ...long])];
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * PostgreSQL regular expressions (ARE, for ~*) that a name matches when each typed word starts one of
 * its words, in any spelling: one pattern per word, all bound as values.
 */
export function wordStartPatterns(query: string): string[] {
  return words(query).map((w) => `\\m(${spellings(w).map(escapeRegex).join('|')})`);
}

/** The same, for whole words only ("main" matches MAIN ST, not MAINE AVE). */
export function wholeWordPatterns(query: string): string[] {
  return words(query).map((w) => `\\m(${spellings(w).map(escapeRegex).join('|')})\\M`);
}

/** Match tiers, best first: every typed word whole, every typed word starting a word, anything else. */
export const Tier = { Whole: 0, Prefix: 1, Fuzzy: 2 } as const;
export type Tier = (typeof Tier)[keyof typeof Tier];

export interface Match {
  tier: Tier;
  exact: boolean;
}

/** How one written name answers the typed words. */
export function matchOf(query: string, name: string): Match {
  const typed = words(query);
  const written = words(name);
  if (typed.length === 0) return { tier: Tier.Fuzzy, exact: false };
  const exact = typed.length === written.length && typed.every((w, i) => written[i] === w);
  if (typed.every((w) => written.includes(w))) return { tier: Tier.Whole, exact };
  // The last typed word may be unfinished; the others may be short forms of the name's ("mass ave").
  if (typed.every((w) => written.some((x) => x.startsWith(w)))) return { tier: Tier.Prefix, exact: false };
  return { tier: Tier.Fuzzy, exact: false };
}

/** The better match of several names of one result (a place's name and its headline). */
export function bestMatch(query: string, names: (string | null | undefined)[]): Match {
  let best: Match = { tier: Tier.Fuzzy, exact: false };
  for (const name of names) {
    if (!name) continue;
    const m = matchOf(query, name);
    if (m.tier < best.tier || (m.tier === best.tier && m.exact && !best.exact)) best = m;
  }
  return best;
}

/** Kilometres from a point to a box (0 inside it), flat-earth: good to a few percent at city scale. */
export function kmToBox(point: [number, number], box: [number, number, number, number]): number {
  const [lon, lat] = point;
  const dx = Math.max(box[0] - lon, 0, lon - box[2]) * Math.cos((lat * Math.PI) / 180);
  const dy = Math.max(box[1] - lat, 0, lat - box[3]);
  return Math.hypot(dx, dy) * 111.32;
}

/** Within this many kilometres of the view's centre a result counts as near (a city and its neighbours). */
export const nearKm = 5;

export type RankedKind = 'place-with-parcels' | 'street' | 'place' | 'parcel' | 'interpolated';

export interface Candidate<T> {
  value: T;
  kind: RankedKind;
  match: Match;
  /** Kilometres from the view, undefined without one. */
  km: number | undefined;
  /** Larger first among equals: a street's segment count, a place kind's breadth. */
  weight: number;
  name: string;
}

const kindOrder: Record<RankedKind, number> = {
  interpolated: 0,
  'place-with-parcels': 1,
  street: 2,
  place: 3,
  parcel: 4,
};

/**
 * Best first. A house number ("23 rockwell") is a precise intent: the addresses it names rank first
 * within their tier. The sort is stable, so candidates equal on every key keep the database's order.
 */
export function rank<T>(candidates: Candidate<T>[], house: boolean): T[] {
  const kindRank = (c: Candidate<T>) =>
    house && (c.kind === 'parcel' || c.kind === 'interpolated') ? -1 + kindOrder[c.kind] / 10 : kindOrder[c.kind];
  const far = (c: Candidate<T>) => (c.km !== undefined && c.km > nearKm ? 1 : 0);
  return [...candidates]
    .sort(
      (a, b) =>
        a.match.tier - b.match.tier ||
        far(a) - far(b) ||
        Number(b.match.exact) - Number(a.match.exact) ||
        kindRank(a) - kindRank(b) ||
        b.weight - a.weight ||
        (a.km ?? 0) - (b.km ?? 0),
    )
    .map((c) => c.value);
}
