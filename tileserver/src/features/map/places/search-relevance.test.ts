// The search relevance set (search-relevance.json): typed text, the map's view and the first result a
// user wants, run against the real data. Prints the hit rate and the misses, and the latency of a few
// queries (median of 20), so a ranking change shows what it gains and costs.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@parcel-map/contracts/map/places';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { testDb } from '../../../testing/db.ts';

interface Case {
  q: string;
  near?: string;
  first: { kind: string; name?: string; path?: string };
}
const set = JSON.parse(readFileSync(new URL('./search-relevance.json', import.meta.url), 'utf8')) as {
  views: Record<string, [number, number]>;
  cases: Case[];
};

const sql = testDb();
// No rate limit: the latency runs make a few hundred searches.
const app = createApp({ config: loadConfig({ SEARCH_PER_MINUTE: '0' }), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

function url(c: Pick<Case, 'q' | 'near'>): string {
  const params = new URLSearchParams({ q: c.q });
  if (c.near) params.set('near', set.views[c.near]!.join(','));
  return `/search.json?${params}`;
}

async function search(c: Pick<Case, 'q' | 'near'>): Promise<SearchResult[]> {
  const res = await app.request(url(c));
  expect(res.status, c.q).toBe(200);
  return ((await res.json()) as { results: SearchResult[] }).results;
}

const matches = (result: SearchResult | undefined, want: Case['first']) =>
  result !== undefined &&
  result.kind === want.kind &&
  (want.name === undefined || result.name === want.name) &&
  (want.path === undefined || result.path === want.path);

describe('search relevance', () => {
  it('keeps at least 30 queries, each naming a known view and an expected first result', () => {
    expect(set.cases.length).toBeGreaterThanOrEqual(30);
    for (const c of set.cases) {
      if (c.near) expect(set.views[c.near], c.q).toBeDefined();
      expect(c.first.name ?? c.first.path, c.q).toBeDefined();
    }
  });

  it('answers the expected first result for at least 90% of the set', async () => {
    const misses: string[] = [];
    for (const c of set.cases) {
      const results = await search(c);
      if (!matches(results[0], c.first)) {
        const got = results[0] ? `${results[0].kind} ${results[0].name} (${results[0].path})` : 'nothing';
        misses.push(`  "${c.q}"${c.near ? ` near ${c.near}` : ''}: wanted ${JSON.stringify(c.first)}, got ${got}`);
      }
    }
    const hits = set.cases.length - misses.length;
    const rate = hits / set.cases.length;
    console.log(
      `search relevance: ${hits} of ${set.cases.length} first results as expected (${(rate * 100).toFixed(1)}%)`,
    );
    if (misses.length > 0) console.log(`misses:\n${misses.join('\n')}`);
    expect(rate).toBeGreaterThanOrEqual(0.9);
  });

  it('answers typical queries in well under a quarter second (median of 20 each)', async () => {
    const queries: Pick<Case, 'q' | 'near'>[] = [
      { q: 'harvard', near: 'cambridge' },
      { q: 'mass ave', near: 'cambridge' },
      { q: 'camb' },
      { q: '23 rockwell', near: 'cambridge' },
      { q: 'main', near: 'somerville' },
    ];
    const medians: string[] = [];
    for (const query of queries) {
      await search(query);
      const times: number[] = [];
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        await search(query);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const median = (times[9]! + times[10]!) / 2;
      medians.push(`"${query.q}"${query.near ? ` near ${query.near}` : ''} ${median.toFixed(1)} ms`);
      expect(median, query.q).toBeLessThan(250);
    }
    console.log(`search latency, median of 20: ${medians.join(', ')}`);
  });
});
