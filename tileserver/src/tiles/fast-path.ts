// The hot path of map browsing: parcel tiles answered straight from node:http, before Hono. A cached
// tile at any zoom, and from MISS_PATH_ZOOM up a miss too: Hono, its middleware and the Response
// object cost 25-40% of a hit (shared/reference/tile-limits.md) and, since z16 tiles became one
// primary-key read, most of a z16 miss (bench/README.md, "z16 tiles drawn at load"). Anything else
// (other zooms' misses, errors, other routes) returns false and goes to the app; a miss that fails is
// handed to the app, which answers it in the one error shape. It serves only the parcel source
// (parcel-source.ts: its cache key, statement and policy) and applies the tile route pair's gate: a
// token the app would answer 401/402/429 falls through to the app.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestToken } from '../auth/caller.ts';
import { TileAbortedError, type StoredTile } from './tile-cache.ts';
import type { TileContext } from './tile-context.ts';
import { missEncoding } from './tile-encoding.ts';
import { tileAnswer } from './tile-response.ts';
import { PARCEL_CACHE_SECONDS, parcelLayerKey } from './parcel-source.ts';
import { parcelLayer, parcelTileSql } from './tile-queries.ts';
import { tileCacheKey } from './tile-renderer.ts';

const parcelTile = /^\/api\/v1\/parcels\/(\d{1,2})\/(\d{1,10})\/(\d{1,10})\.mvt$/;

/** From this zoom a parcel tile's miss is rendered here too (z16 is a stored tile, z17+ a few features). */
export const MISS_PATH_ZOOM = 16;

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** `app` answers what this path hands over after it started (a miss whose render failed). */
export function cachedTileFastPath(
  tiles: TileContext,
  app?: Listener,
): (req: IncomingMessage, res: ServerResponse) => boolean {
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
    const [z, x, y] = [match[1]!, match[2]!, match[3]!];
    const tile = tiles.renderer.cache.peek(tileCacheKey(parcelLayerKey(version), z, x, y));
    if (tile) {
      send(tiles, req, res, tile, token, started);
      return true;
    }
    const coords = missCoords(z, x, y);
    if (!app || !coords) return false;
    renderMiss(tiles, req, res, coords, version, token, app, started);
    return true;
  };
}

function send(
  tiles: TileContext,
  req: IncomingMessage,
  res: ServerResponse,
  tile: StoredTile,
  token: string | undefined,
  started: number,
): void {
  const answer = tileAnswer(tile, PARCEL_CACHE_SECONDS, req.headers['if-none-match'], req.headers['accept-encoding']);
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
  // Counted like the app's answers (requests and durations by family), cached and freshly drawn alike.
  tiles.onFastPathAnswer?.(answer.status, (performance.now() - started) / 1000);
  tiles.meter.countTile(token);
}

/** Canonical in-grid coordinates at a miss-path zoom (what parseTileCoords accepts), else undefined. */
function missCoords(z: string, x: string, y: string): { z: number; x: number; y: number } | undefined {
  if (!/^[1-9]\d?$/.test(z) || !/^(0|[1-9]\d*)$/.test(x) || !/^(0|[1-9]\d*)$/.test(y)) return undefined;
  const coords = { z: Number(z), x: Number(x), y: Number(y) };
  if (coords.z < MISS_PATH_ZOOM || coords.z > parcelLayer.maxzoom) return undefined;
  const size = 2 ** coords.z;
  return coords.x < size && coords.y < size ? coords : undefined;
}

function renderMiss(
  tiles: TileContext,
  req: IncomingMessage,
  res: ServerResponse,
  coords: { z: number; x: number; y: number },
  version: number,
  token: string | undefined,
  app: Listener,
  started: number,
): void {
  // A client that leaves cancels its render, as the app's request signal does.
  const left = new AbortController();
  const onClose = () => {
    if (!res.writableFinished) left.abort();
  };
  res.once('close', onClose);
  tiles.renderer
    .tile(parcelLayerKey(version), parcelTileSql(coords.z), coords, {
      signal: left.signal,
      encoding: missEncoding(req.headers['accept-encoding']),
    })
    .then(
      (tile) => {
        res.off('close', onClose);
        if (!res.destroyed) send(tiles, req, res, tile, token, started);
      },
      (error: unknown) => {
        res.off('close', onClose);
        if (error instanceof TileAbortedError || res.destroyed) return;
        app(req, res); // the app renders again and answers a failure in the one error shape
      },
    );
}
