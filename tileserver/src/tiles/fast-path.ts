// The hot path of map browsing: a cached parcel tile answered straight from node:http, before Hono.
// Hono and its middleware cost 25-40% of a cache hit (shared/reference/tile-limits.md); a hit needs
// none of them. Anything else (misses, errors, other routes) returns false and goes to the app. It
// serves only the parcel source (parcel-source.ts: its cache key and policy) and applies the tile
// route pair's gate: a token the app would answer 401/402/429 falls through to the app.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestToken } from '../auth/caller.ts';
import type { TileContext } from './tile-context.ts';
import { tileAnswer } from './tile-response.ts';
import { PARCEL_CACHE_SECONDS, parcelLayerKey } from './parcel-source.ts';
import { tileCacheKey } from './tile-renderer.ts';

const parcelTile = /^\/api\/v1\/parcels\/(\d{1,2})\/(\d{1,10})\/(\d{1,10})\.mvt$/;

export function cachedTileFastPath(tiles: TileContext): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    if (req.method !== 'GET' || !req.url) return false;
    const query = req.url.indexOf('?');
    const match = parcelTile.exec(query < 0 ? req.url : req.url.slice(0, query));
    if (!match) return false;
    const started = performance.now();
    const params = query < 0 ? undefined : new URLSearchParams(req.url.slice(query + 1));
    let token: string | undefined;
    try {
      token = requestToken(req.headers.authorization, params?.get('token') ?? undefined);
      if (!tiles.callers.knownNow(token)) return false;
    } catch {
      return false; // the app answers 401 or 429 in the one error shape
    }
    // An API account past its sandbox, trial or cap: the app answers 402/429.
    if (tiles.meter.isBlocked(token)) return false;
    const version = tiles.versions.current('parcels');
    // A URL of a newer version than this process knows waits in the app for the data to arrive.
    if (version === undefined || Number(params?.get('v') ?? 0) > version) return false;
    // Keys hold canonical numbers, so "014" or an out-of-range tile never matches and falls through.
    const tile = tiles.renderer.cache.peek(tileCacheKey(parcelLayerKey(version), match[1]!, match[2]!, match[3]!));
    if (!tile) return false;
    const answer = tileAnswer(tile, PARCEL_CACHE_SECONDS, req.headers['if-none-match'], req.headers['accept-encoding']);
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
    tiles.onFastPathAnswer?.(answer.status, (performance.now() - started) / 1000);
    tiles.meter.countTile(token);
    return true;
  };
}
