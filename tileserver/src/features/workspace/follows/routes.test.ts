import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInAdmin, signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { planById } from '../../commerce/plans/plans.ts';
import { TestBrowser } from '../../../testing/http-client.ts';
import { csvField } from './csv.ts';
import { followTarget } from './routes.ts';
import { followsPageSize } from '@parcel-map/contracts/workspace/follows';

// A small Free limit so that reaching it takes a few requests; Pro's is the plans file's (100), which
// the tests reach by inserting all but the last few follows in one statement.
const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'follows-test-')), FOLLOW_LIMIT_FREE: '2' });
const proLimit = planById.get('level1')!.limits!.follows!;
const sql = testDb(3);
const app = createApp({ config, sql, logger: createLogger('silent') });
afterAll(() => sql.end());

const cambridge = '/us/ma/middlesex/cambridge';
interface Parcel {
  path: string;
  address: string | null;
  owner: string | null;
  parcelnumb: string | null;
  lat: number;
  lon: number;
}
let parcels: Parcel[];

/** Gives a user `count` bookmarks of made-up parcel paths (no foreign key: a bookmark outlives its parcel). */
async function prefill(userId: number, count: number): Promise<void> {
  await sql`
    INSERT INTO follows (user_id, kind, path)
    SELECT ${userId}, 'parcel', ${`${cambridge}/prefill-`} || n FROM generate_series(1, ${count}::int) AS n`;
}

beforeAll(async () => {
  parcels = await sql<Parcel[]>`
    SELECT path, address, owner, parcelnumb, lat::float8 AS lat, lon::float8 AS lon FROM parcels
    WHERE path LIKE ${`${cambridge}/%`} AND lat IS NOT NULL ORDER BY id LIMIT ${followsPageSize + 5}`;
  expect(parcels.length, 'Cambridge parcels are loaded').toBe(followsPageSize + 5);
});

/** The body of a text answer with the browser's cookies (TestBrowser reads only JSON). */
async function text(
  browser: TestBrowser,
  path: string,
): Promise<{ status: number; type: string | null; body: string }> {
  const res = await app.request(path, {
    headers: { Cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF). */
function parseCsv(body: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(field), (field = '');
    else if (ch === '\r' && body[i + 1] === '\n') row.push(field), rows.push(row), (row = []), (field = ''), i++;
    else field += ch;
  }
  return rows;
}

describe('who may follow', () => {
  it('answers 401 to anonymous visitors on every follow route', async () => {
    const anonymous = new TestBrowser(app);
    expect((await anonymous.post(`${parcels[0]!.path}/bookmark.json`)).status).toBe(401);
    expect((await anonymous.post(`${cambridge}/follow.json`)).status).toBe(401);
    expect((await anonymous.get('/profile/follows.json')).status).toBe(401);
    expect((await anonymous.get('/profile/follows/slim.json')).status).toBe(401);
    expect((await anonymous.request('DELETE', '/notify/follows/1.json')).status).toBe(401);
    expect((await text(anonymous, '/profile/bookmarks.csv')).status).toBe(401);
  });

  it('answers 404 when a user removes another user’s follow, and keeps it', async () => {
    const { browser: owner } = await signedInUser(app, sql, 'pro');
    const { browser: other } = await signedInUser(app, sql, 'team');
    const id = (await owner.post(`${parcels[0]!.path}/bookmark.json`)).json.follow.id as number;
    expect((await other.request('DELETE', `/notify/follows/${id}.json`)).status).toBe(404);
    expect((await other.get('/profile/follows.json')).json.total_count).toBe(0);
    expect((await owner.get('/profile/follows.json')).json.total_count).toBe(1);
    expect((await owner.request('DELETE', `/notify/follows/${id}.json`)).status).toBe(200);
    expect((await owner.request('DELETE', `/notify/follows/${id}.json`)).status).toBe(404);
  });

  it('needs the session’s CSRF token to bookmark', async () => {
    const { browser } = await signedInUser(app, sql, 'free');
    expect((await browser.post(`${parcels[0]!.path}/bookmark.json`, {}, { 'X-CSRF-Token': 'wrong' })).status).toBe(403);
  });

  it('answers 404 for a parcel or place that does not exist and 400 for a malformed path or body', async () => {
    const { browser } = await signedInUser(app, sql, 'free');
    expect((await browser.post(`${cambridge}/999999999999/bookmark.json`)).status).toBe(404);
    expect((await browser.post('/us/ma/nowhere-at-all/follow.json')).status).toBe(404);
    expect((await browser.post('/us/MA/Bad_Path/follow.json')).status).toBe(400);
    expect((await browser.post(`${parcels[0]!.path}/bookmark.json`, { remove: 'yes' })).status).toBe(400);
    expect(
      (await browser.post(`${parcels[0]!.path}/bookmark.json`, { source_id: "x'; DROP TABLE follows" })).status,
    ).toBe(400);
    expect((await browser.get('/profile/follows.json?page=0')).status).toBe(400);
  });
});

describe('following and bookmarking', () => {
  it('bookmarks a parcel once, lists it with its centroid, and removes it with remove: true', async () => {
    const { browser } = await signedInUser(app, sql, 'pro');
    const parcel = parcels[1]!;
    expect((await browser.post(`${parcel.path}/bookmark.json`)).status).toBe(201);
    expect((await browser.post(`${parcel.path}/bookmark.json`)).status).toBe(200);
    const page = (await browser.get('/profile/follows.json')).json;
    expect(page).toMatchObject({ page: 1, total_pages: 1, total_count: 1, limit: proLimit });
    expect(page.follows.places).toEqual([]);
    expect(page.follows.parcels).toEqual([
      {
        source_id: 'parcels',
        name: 'Parcels',
        bookmarks: [
          {
            id: expect.any(Number),
            address: parcel.address,
            path: parcel.path,
            target_path: parcel.path,
            centroid: [parcel.lon, parcel.lat],
            source_id: 'parcels',
            created_at: expect.any(String),
          },
        ],
      },
    ]);
    expect((await browser.post(`${parcel.path}/bookmark.json`, { remove: true })).json).toEqual({
      status: 'ok',
      follow: null,
    });
    expect((await browser.get('/profile/follows.json')).json.total_count).toBe(0);
    expect((await browser.post(`${parcel.path}/bookmark.json`, { remove: true })).status).toBe(404);
  });

  it('follows a place and lists it with its headline', async () => {
    const { browser } = await signedInUser(app, sql, 'free');
    expect((await browser.post(`${cambridge}/follow.json`)).status).toBe(201);
    const [place] = await sql<{ headline: string }[]>`SELECT headline FROM places WHERE path = ${cambridge}`;
    const page = (await browser.get('/profile/follows.json')).json;
    expect(page.follows.places).toEqual([
      {
        id: expect.any(Number),
        place: { properties: { path: cambridge, headline: place!.headline } },
        created_at: expect.any(String),
      },
    ]);
    const slim = (await browser.get('/profile/follows/slim.json')).json;
    expect(slim.follows).toEqual([
      {
        id: page.follows.places[0].id,
        kind: 'place',
        path: cambridge,
        centroid: [expect.any(Number), expect.any(Number)],
      },
    ]);
  });

  it('skips the centroid of a bookmark whose parcel is gone', async () => {
    const { browser, userId } = await signedInUser(app, sql, 'free');
    await sql`INSERT INTO follows (user_id, kind, path) VALUES (${userId}, 'parcel', ${`${cambridge}/888888888888`})`;
    const slim = (await browser.get('/profile/follows/slim.json')).json;
    expect(slim.follows).toEqual([
      { id: expect.any(Number), kind: 'parcel', path: `${cambridge}/888888888888`, centroid: null },
    ]);
  });
});

describe('plan limits', () => {
  it('takes Pro’s and Team’s follow limits from the plans file: Pro 100, Team unlimited', () => {
    expect(proLimit).toBe(100);
    expect(planById.get('team_flex')!.limits!.follows).toBeNull();
  });

  it.each([
    ['free', 2],
    ['pro', proLimit],
  ] as const)(
    'lets a %s user keep %i follows in all (places and parcels together), then answers 409',
    async (level, limit) => {
      const { browser, userId } = await signedInUser(app, sql, level);
      await prefill(userId, limit - 2);
      expect((await browser.post(`${cambridge}/follow.json`)).status).toBe(201);
      expect((await browser.post(`${parcels[1]!.path}/bookmark.json`)).status).toBe(201);
      expect((await browser.get('/profile/follows.json')).json).toMatchObject({ total_count: limit, limit });
      const over = await browser.post(`${parcels[2]!.path}/bookmark.json`);
      expect(over.status).toBe(409);
      expect(over.json.error.details).toEqual({ limit, need: level === 'pro' ? 'team' : 'pro' });
      // One already followed is not a new one; after an unfollow there is room again.
      expect((await browser.post(`${parcels[1]!.path}/bookmark.json`)).status).toBe(200);
      await browser.post(`${parcels[1]!.path}/bookmark.json`, { remove: true });
      expect((await browser.post(`${parcels[2]!.path}/bookmark.json`)).status).toBe(201);
    },
  );

  it('lets Team users and admins follow without a limit', async () => {
    for (const browser of [(await signedInUser(app, sql, 'team')).browser, await signedInAdmin(app, sql)]) {
      for (const parcel of parcels.slice(0, 5))
        expect((await browser.post(`${parcel.path}/bookmark.json`)).status).toBe(201);
      expect((await browser.get('/profile/follows.json')).json).toMatchObject({ total_count: 5, limit: null });
    }
  });

  it('lets a Team user keep more follows than Pro’s limit', async () => {
    const { browser, userId } = await signedInUser(app, sql, 'team');
    await prefill(userId, proLimit);
    expect((await browser.post(`${parcels[0]!.path}/bookmark.json`)).status).toBe(201);
    expect((await browser.get('/profile/follows.json')).json).toMatchObject({ total_count: proLimit + 1, limit: null });
  });

  it('never lets concurrent bookmarks pass the limit', async () => {
    const { browser, userId } = await signedInUser(app, sql, 'pro');
    await prefill(userId, proLimit - 3);
    const answers = await Promise.all(parcels.slice(0, 8).map((p) => browser.post(`${p.path}/bookmark.json`)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect((await browser.get('/profile/follows.json')).json.total_count).toBe(proLimit);
  });
});

describe('paging', () => {
  it('answers 25 follows per page, newest first, and every follow exactly once over the pages', async () => {
    const { browser } = await signedInUser(app, sql, 'team');
    for (const parcel of parcels) await browser.post(`${parcel.path}/bookmark.json`);
    const first = (await browser.get('/profile/follows.json?page=1')).json;
    const second = (await browser.get('/profile/follows.json?page=2')).json;
    expect(first).toMatchObject({ page: 1, total_pages: 2, total_count: parcels.length });
    expect(second).toMatchObject({ page: 2, total_pages: 2 });
    const paths = (page: { follows: { parcels: { bookmarks: { path: string }[] }[] } }) =>
      page.follows.parcels.flatMap((s) => s.bookmarks.map((b) => b.path));
    expect(paths(first)).toHaveLength(followsPageSize);
    expect([...paths(first), ...paths(second)]).toEqual(parcels.map((p) => p.path).reverse());
    expect(paths((await browser.get('/profile/follows.json?page=3')).json)).toEqual([]);
  });
});

describe('/profile/bookmarks.csv', () => {
  it('is CSV with a header row and one properly quoted row per bookmark', async () => {
    const { browser, userId } = await signedInUser(app, sql, 'pro');
    await browser.post(`${parcels[2]!.path}/bookmark.json`);
    await browser.post(`${parcels[3]!.path}/bookmark.json`);
    await browser.post(`${cambridge}/follow.json`);
    const csv = await text(browser, '/profile/bookmarks.csv');
    expect(csv.status).toBe(200);
    expect(csv.type).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = parseCsv(csv.body);
    expect(header).toEqual(['path', 'address', 'owner', 'parcelnumb', 'lat', 'lon', 'created_at']);
    const [created] = await sql<
      { path: string; created_at: Date }[]
    >`SELECT path, created_at FROM follows WHERE user_id = ${userId} AND path = ${parcels[3]!.path}`;
    // Newest first; the followed place is not a bookmark.
    expect(rows).toEqual(
      [parcels[3]!, parcels[2]!].map((p) => [
        p.path,
        p.address ?? '',
        p.owner ?? '',
        p.parcelnumb ?? '',
        String(p.lat),
        String(p.lon),
        expect.any(String),
      ]),
    );
    expect(rows[0]![6]).toBe(created!.created_at.toISOString());
  });

  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    expect(csvField('12 Main St, Apt "B"\nRear', true)).toBe('"12 Main St, Apt ""B""\nRear"');
    expect(csvField('=HYPERLINK("x")', true)).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(-71.1)).toBe('"-71.1"');
    expect(csvField(null)).toBe('""');
  });
});

describe('the follow paths under adversarial input', () => {
  const fastestMs = (run: () => unknown) => {
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      run();
      best = Math.min(best, performance.now() - started);
    }
    return best;
  };

  it.each([
    ['numeric segments then no bookmark', `/us${'/1'.repeat(8192)}/x`],
    ['slashes', `/us${'/'.repeat(16384)}bookmark.json`],
    ['digits', `/us/${'1'.repeat(16384)}/follow.jsonx`],
  ])('answers %s in under 5 ms', (_name, path) => {
    expect(fastestMs(() => followTarget(path))).toBeLessThan(5);
  });

  it('tells bookmarks from place follows', () => {
    expect(followTarget(`${cambridge}/12/bookmark.json`)).toEqual({ kind: 'parcel', path: `${cambridge}/12` });
    expect(followTarget(`${cambridge}/follow.json`)).toEqual({ kind: 'place', path: cambridge });
    expect(followTarget('/api/v1/sources')).toBeNull();
  });
});
