// The sources API: POST a {query, fields, styles} definition to get TileJSON with a stable id (its
// TileJSON and tiles are then served by the tile route pair, stored-sources.ts); list stored sources;
// follow a source's version live; purge one source's cached tiles (admin).
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Caller } from '../../../auth/caller.ts';
import { ApiError } from '../../../errors.ts';
import { bodyLimit } from '../../../http/request-body.ts';
import { clientAddress, RateLimiter } from '../../../auth/rate-limit.ts';
import { publicOrigin, type TileContext } from '../../../tiles/tile-context.ts';
import { sourceId, sourceIdPattern } from '../../../tiles/definition/source-id.ts';
import {
  bumpSourceVersion,
  deleteIdleSources,
  listSources,
  planAndCheckValues,
  ownsSource,
  placeBounds,
  saveSource,
  sourcesCreatedToday,
  type ListCursor,
} from './queries.ts';
import {
  assertDefinitionAllowed,
  assertLayerDefinitionAllowed,
  assertMayPurgeSourceCache,
  seesEverySource,
} from './policy.ts';
import { isLayerQuery } from '@parcel-map/contracts/map/layer-source-definition';
import { canonicalPlacePath } from '../places/service.ts';
import type { StoredSources } from './stored-sources.ts';
import type { SourceDefinition } from '@parcel-map/contracts/map/source-definition';
import { validateDefinition, validateLayerDefinition } from '../../../tiles/definition/validate.ts';

const MAX_BODY = 64 * 1024;
/** How often a live watcher compares versions: well inside the 2 s a survey post may take to show. */
const liveCheckMs = 250;

export function sourceRoutes(tiles: TileContext, stored: StoredSources): Hono {
  const app = new Hono();
  const { config } = tiles;
  const { registry } = stored;
  const posts = new RateLimiter({ limit: config.SOURCE_POSTS_PER_MINUTE, windowMs: 60_000 });
  if (config.SOURCE_IDLE_DAYS > 0) scheduleIdleSweep(tiles, config.SOURCE_IDLE_DAYS);

  app.post(
    '/api/v1/sources',
    bodyLimit(MAX_BODY, { message: `A source definition may be at most ${MAX_BODY / 1024} KB` }),
    async (c) => {
      const caller = await tiles.callers.of(c);
      const owner = ownerKey(c, caller);
      const tooMany = `At most ${config.SOURCE_POSTS_PER_MINUTE} source definitions a minute; try again shortly`;
      posts.hit(`client:${clientAddress(c)}`, tooMany);
      if (caller.level !== 'anonymous') posts.hit(owner, tooMany);
      const body: unknown = await c.req.json();
      if (isLayerQuery(body)) return postLayerSource(c, caller, owner, body);
      const definition = validateDefinition(body);
      assertDefinitionAllowed(caller, definition);
      // A /us/neighborhoods/ alias is stored as the neighbourhood's own path (extents and filters read it).
      if (definition.query.path)
        definition.query.path = (await canonicalPlacePath(tiles.sql, definition.query.path)) ?? definition.query.path;
      if (definition.query.path && !(await placeBounds(tiles.sql, definition.query.path))) {
        throw new ApiError('BAD_REQUEST', `Unknown place path ${definition.query.path}`);
      }
      await stored.assertSurveyVisible(c, caller, definition, 'No such survey');
      const id = sourceId(definition);
      const known = await assertUnderDailyQuota(caller, owner, id);
      const source = registry.remember(id, definition);
      if (!known) await assertRenders(tiles, source.statement, definition);
      await saveSource(tiles.sql, id, definition, caller.level, owner);
      return c.json(await stored.tileJson(c, caller, source), 200);
    },
  );

  /** True when the owner already has this id; a new id past the day's quota is a 429. */
  async function assertUnderDailyQuota(caller: Caller, owner: string, id: string): Promise<boolean> {
    const known = await ownsSource(tiles.sql, owner, id);
    if (!known && !seesEverySource(caller) && (await sourcesCreatedToday(tiles.sql, owner)) >= config.SOURCES_PER_DAY) {
      throw new ApiError(
        'TOO_MANY_REQUESTS',
        `At most ${config.SOURCES_PER_DAY} new sources a day; reuse a source id or try again tomorrow`,
        { retryAfter: 3600 },
      );
    }
    return known;
  }

  /** A buildings or zoning definition: checked, allowed, stored like a parcel one, answered with its TileJSON. */
  async function postLayerSource(c: Context, caller: Caller, owner: string, body: unknown): Promise<Response> {
    const definition = validateLayerDefinition(body);
    assertLayerDefinitionAllowed(caller, definition);
    const id = sourceId(definition);
    await assertUnderDailyQuota(caller, owner, id);
    await saveSource(tiles.sql, id, definition, caller.level, owner);
    return c.json(await stored.layerTileJson(c, caller, stored.rememberLayer(id, definition)), 200);
  }

  app.get('/api/v1/sources', async (c) => {
    const caller = await tiles.callers.of(c);
    const limit = Math.min(Math.max(Number(c.req.query('limit') ?? 50) || 50, 1), 200);
    const after = parseCursor(c.req.query('after'));
    // Callers see the sources they created; admins see every source.
    const { rows, next } = await listSources(
      tiles.sql,
      seesEverySource(caller) ? undefined : ownerKey(c, caller),
      limit,
      after,
    );
    const origin = publicOrigin(c, tiles.config);
    return c.json({
      next: next ? encodeCursor(next) : null,
      sources: rows.map((r) => ({
        id: r.id,
        created_at: r.created_at,
        query: r.definition.query,
        fields: 'fields' in r.definition ? r.definition.fields : [],
        rules: 'styles' in r.definition ? r.definition.styles.length : r.definition.style.by ? 1 : 0,
        // The TileJSON (as `url` in a source answer; its tile URLs carry the version, which a list does not compute).
        url: `${origin}/api/v1/sources/${r.id}.json?token=${encodeURIComponent(caller.token)}`,
      })),
    });
  });

  // Server-sent events: the source's tile template each time its version moves (a survey post, an
  // edit, a reload), so open maps refetch only this source's tiles. Versions arrive by NOTIFY; this
  // only compares the in-memory value, so a watcher costs no query.
  app.get('/api/v1/sources/:id/live', async (c) => {
    const caller = await tiles.callers.of(c);
    const source = await stored.load(caller, c.req.param('id'));
    await stored.assertSurveyVisible(c, caller, source.definition, 'No source with that id');
    const origin = publicOrigin(c, tiles.config);
    let sent = await stored.version(source);
    return streamSSE(c, async (stream) => {
      const signal = c.req.raw.signal;
      let idle = 0;
      await stream.writeSSE({
        event: 'version',
        data: JSON.stringify({ version: sent, tiles: [stored.tilesOf(c, origin, caller, source, sent)] }),
      });
      while (!signal.aborted && !stream.aborted) {
        await stream.sleep(liveCheckMs);
        const now = await stored.version(source);
        if (now !== sent) {
          sent = now;
          idle = 0;
          await stream.writeSSE({
            event: 'version',
            data: JSON.stringify({ version: now, tiles: [stored.tilesOf(c, origin, caller, source, now)] }),
          });
        } else if ((idle += liveCheckMs) >= 15_000) {
          idle = 0;
          await stream.write(': keep-alive\n\n');
        }
      }
    });
  });

  app.delete('/api/v1/sources/:id/cache', async (c) => {
    const caller = await tiles.callers.of(c);
    assertMayPurgeSourceCache(caller);
    const source = await stored.load(caller, c.req.param('id'));
    // A new source version changes cache keys in every tile server (NOTIFY); the purge frees memory here.
    await bumpSourceVersion(tiles.sql, source.id);
    await tiles.versions.refresh();
    const purged = tiles.renderer.cache.purge(`source:${source.id}@`);
    return c.json({ id: source.id, purged, version: await stored.version(source) });
  });

  return app;
}

/**
 * Who owns what a caller creates: the signed-in user, the group of a group token, a digest of the
 * admin token, or the client address of an anonymous caller.
 */
function ownerKey(c: Context, caller: Caller): string {
  if (caller.user) return `user:${caller.user.id}`;
  if (caller.group) return `group:${caller.group.id}`;
  if (caller.via === 'anonymous') return `client:${clientAddress(c)}`;
  return `token:${createHash('sha256').update(caller.token).digest('hex').slice(0, 24)}`;
}

/** Plans the tile statement and evaluates every value with its casts: a definition that cannot render is a 400. */
async function assertRenders(tiles: TileContext, statement: string, definition: SourceDefinition): Promise<void> {
  try {
    await planAndCheckValues(tiles.sql, statement, definition);
  } catch (error) {
    throw definitionProblem(error) ?? error;
  }
}

/**
 * Class 22 (data exception) and 42 (a type mismatch in the plan) are the definition's fault: a 400 in
 * our words. PostgreSQL's own message names casts, columns and values of the SQL, so it never reaches
 * the client.
 */
export function definitionProblem(error: unknown): ApiError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  if (code.startsWith('22'))
    return new ApiError(
      'BAD_REQUEST',
      'This definition cannot be rendered: a filter or style value does not fit its field (a number, date or id out of range or malformed)',
    );
  if (code.startsWith('42'))
    return new ApiError(
      'BAD_REQUEST',
      'This definition cannot be rendered: a field is compared with a value or rule of the wrong type',
    );
  return undefined;
}

// PostgreSQL's timestamptz text, e.g. 2026-11-23 06:30:00.123456+00.
const timestampPattern = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

function parseCursor(raw: string | undefined): ListCursor | undefined {
  if (raw === undefined || raw === '') return undefined;
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(raw.slice(0, 200), 'base64url').toString('utf8')) as unknown[];
    if (
      typeof createdAt === 'string' &&
      timestampPattern.test(createdAt) &&
      typeof id === 'string' &&
      sourceIdPattern.test(id)
    )
      return { createdAt, id };
  } catch {
    // Falls through to the 400 below.
  }
  throw new ApiError('BAD_REQUEST', 'after is not a cursor from a previous page', { parameter: 'after' });
}

function scheduleIdleSweep(tiles: TileContext, days: number): void {
  const sweep = () => void deleteIdleSources(tiles.sql, days).catch(() => {});
  setTimeout(sweep, 60_000).unref();
  setInterval(sweep, 60 * 60 * 1000).unref();
}
