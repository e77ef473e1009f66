// Follows and bookmarks (map.md section 5): follow a place, bookmark a parcel, the paged follows list,
// unfollow, and the bookmarks as CSV. Follows belong to one signed-in user: anonymous callers and API
// tokens get 401, another user's follow 404. How many a user may keep comes from policy.ts.
import { Hono, type Context } from 'hono';
import { requireSession, type CallerResolver, type SessionCaller } from '../../../auth/caller.ts';
import { canSeeTier } from '@parcel-map/contracts/levels';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { requestBody } from '../../../http/request-body.ts';
import { parcelFieldsByName } from '@parcel-map/contracts/parcel-fields';
import { parseContextPath, parseParcelPath } from '../../map/places/context-path.ts';
import { bookmarkCsvHeader, csvField, csvRow } from './csv.ts';
import { followLimit } from './policy.ts';
import {
  addFollow,
  allFollows,
  followByPath,
  followCount,
  followsPage,
  parcelExists,
  placeExists,
  removeFollow,
  removeFollowByPath,
  type FollowRow,
} from './queries.ts';
import {
  bookmarkBody,
  followId,
  followsPageSize,
  followsQuery,
  sourceNames,
  type Bookmark,
  type BookmarkSource,
  type FollowResult,
  type FollowsPage,
  type SlimFollow,
  type SlimFollows,
} from '@parcel-map/contracts/workspace/follows';

// Same shapes as parcels/routes.ts: a parcel path ends in digits, a place path is lower-case segments.
const bookmarkPath = /^(\/[A-Za-z]{2}\/.*\/\d+)\/bookmark\.json$/;
const followPath = /^(\/[A-Za-z]{2}(?:\/[^/]+)*)\/follow\.json$/;

/** What a POST path asks for: a parcel's bookmark, a place's follow, or neither. Length-bounded first. */
export function followTarget(path: string): { kind: 'parcel' | 'place'; path: string } | null {
  if (path.length > 300) return null;
  const bookmark = bookmarkPath.exec(path);
  if (bookmark) return { kind: 'parcel', path: bookmark[1]! };
  const place = followPath.exec(path);
  return place ? { kind: 'place', path: place[1]! } : null;
}

const centroidOf = (row: FollowRow): [number, number] | null =>
  row.lon !== null && row.lat !== null && Number.isFinite(row.lon) && Number.isFinite(row.lat)
    ? [row.lon, row.lat]
    : null;

const slim = (row: FollowRow): SlimFollow => ({
  id: row.id,
  kind: row.kind,
  path: row.path,
  centroid: centroidOf(row),
});

const bookmarkOf = (row: FollowRow): Bookmark => ({
  id: row.id,
  address: row.address,
  path: row.path,
  target_path: row.path,
  centroid: centroidOf(row),
  source_id: row.source_id,
  created_at: row.created_at.toISOString(),
});

export function followRoutes(deps: { config: Config; sql: Sql; callers: CallerResolver }): Hono {
  const app = new Hono();
  const { sql } = deps;

  const signedIn = async (c: Context): Promise<SessionCaller> => {
    const caller = await deps.callers.of(c);
    requireSession(caller);
    return caller;
  };

  const follow = async (
    c: Context,
    caller: SessionCaller,
    kind: 'parcel' | 'place',
    path: string,
    sourceId: string,
  ) => {
    const limit = followLimit(deps.config, caller.level);
    const added = await addFollow(sql, { userId: caller.user.id, kind, path, sourceId }, limit);
    if (added === 'full') {
      throw new ApiError(
        'CONFLICT',
        `Your plan allows ${limit} follows. Unfollow something or upgrade your plan to follow more.`,
        { limit, need: caller.level === 'pro' ? 'team' : 'pro' },
      );
    }
    const result: FollowResult = { status: 'ok', follow: slim((await followByPath(sql, caller.user.id, path))!) };
    return c.json(result, added === 'added' ? 201 : 200);
  };

  app.post('*', async (c, next) => {
    const target = followTarget(c.req.path);
    if (!target) return next();
    const caller = await signedIn(c);
    if (target.kind === 'parcel') {
      const { path } = parseParcelPath(target.path);
      const body = await requestBody(c, bookmarkBody);
      if (body.remove) {
        if (!(await removeFollowByPath(sql, caller.user.id, path)))
          throw new ApiError('NOT_FOUND', 'You have not bookmarked this parcel');
        return c.json({ status: 'ok', follow: null } satisfies FollowResult);
      }
      if (!(await parcelExists(sql, path))) throw new ApiError('NOT_FOUND', `No parcel at ${path}`);
      return follow(c, caller, 'parcel', path, body.source_id ?? 'parcels');
    }
    const path = parseContextPath(target.path);
    await requestBody(c, bookmarkBody.pick({}));
    if (!(await placeExists(sql, path))) throw new ApiError('NOT_FOUND', `No place at ${path}`);
    return follow(c, caller, 'place', path, 'places');
  });

  app.get('/profile/follows.json', async (c) => {
    const caller = await signedIn(c);
    const { page } = followsQuery.parse({ page: c.req.query('page') });
    const total = await followCount(sql, caller.user.id);
    const rows = await followsPage(sql, caller.user.id, page, followsPageSize);
    const sources = new Map<string, BookmarkSource>();
    for (const row of rows.filter((r) => r.kind === 'parcel')) {
      const source = sources.get(row.source_id) ?? {
        source_id: row.source_id,
        name: sourceNames[row.source_id] ?? row.source_id,
        bookmarks: [],
      };
      source.bookmarks.push(bookmarkOf(row));
      sources.set(row.source_id, source);
    }
    const answer: FollowsPage = {
      follows: {
        parcels: [...sources.values()],
        places: rows
          .filter((r) => r.kind === 'place')
          .map((r) => ({
            id: r.id,
            place: { properties: { path: r.path, headline: r.headline ?? r.path } },
            created_at: r.created_at.toISOString(),
          })),
      },
      page,
      total_pages: Math.max(1, Math.ceil(total / followsPageSize)),
      total_count: total,
      limit: followLimit(deps.config, caller.level) ?? null,
    };
    return c.json(answer, 200, { 'Cache-Control': 'no-store' });
  });

  app.get('/profile/follows/slim.json', async (c) => {
    const caller = await signedIn(c);
    const rows = await allFollows(sql, caller.user.id);
    const answer: SlimFollows = { follows: rows.map(slim), limit: followLimit(deps.config, caller.level) ?? null };
    return c.json(answer, 200, { 'Cache-Control': 'no-store' });
  });

  // The parameter holds the .json suffix: Hono's pattern cannot end a parameter before a literal dot.
  app.delete('/notify/follows/:id{[0-9]+\\.json}', async (c) => {
    const caller = await signedIn(c);
    const parsed = followId.safeParse(c.req.param('id')!.replace(/\.json$/, ''));
    if (!parsed.success || !(await removeFollow(sql, caller.user.id, parsed.data)))
      throw new ApiError('NOT_FOUND', 'No such follow');
    return c.json({ status: 'ok' });
  });

  app.get('/profile/bookmarks.csv', async (c) => {
    const caller = await signedIn(c);
    // Owner and parcel number follow the caller's field tiers, as on the map.
    const visible = (name: string) => canSeeTier(caller.level, parcelFieldsByName.get(name)!.tier);
    const rows = await allFollows(sql, caller.user.id, 'parcel');
    let text = csvRow(bookmarkCsvHeader.map((h) => csvField(h)));
    for (const row of rows) {
      const centroid = centroidOf(row);
      text += csvRow([
        csvField(row.path, true),
        csvField(visible('address') ? row.address : null, true),
        csvField(visible('owner') ? row.owner : null, true),
        csvField(visible('parcelnumb') ? row.parcelnumb : null, true),
        csvField(centroid?.[1]),
        csvField(centroid?.[0]),
        csvField(row.created_at.toISOString()),
      ]);
    }
    return c.body(text, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="bookmarks.csv"',
      'Cache-Control': 'no-store',
    });
  });

  return app;
}
