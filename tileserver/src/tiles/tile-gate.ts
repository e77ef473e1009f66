// The one door of every tile source (source-routes.ts: TileJSON and tiles of parcels, static
// flood/wetlands, zoning, basemap, sources): the caller is resolved and judged by the API gate before
// anything else (402 after a sandbox or trial, 429 at a limit or cap), and every tile served is counted
// and sent with its cache policy. The cached-tile fast path (fast-path.ts) asks the same meter.
import type { Context } from 'hono';
import type { Caller } from '../auth/caller.ts';
import type { StoredTile } from './tile-cache.ts';
import type { TileContext } from './tile-context.ts';
import { tileResponse } from './tile-response.ts';

/** Who may keep a tile: everyone (public), only this caller (private: entitled fields, a survey), or
 * everyone, but the same URL carries more for entitled callers (public, varying by the credentials). */
export type TileAudience = 'public' | 'private' | 'varies';

export interface TileCachePolicy {
  maxAge: number;
  audience: TileAudience;
}

/** The caller of a tile request, refused in the one error shape when its API account may not read tiles now. */
export async function tileCaller(tiles: TileContext, c: Context): Promise<Caller> {
  const caller = await tiles.callers.of(c);
  // Group API tokens only: the website's own map (anonymous, sessions) has no usage cap.
  if (caller.via === 'token' && caller.group) await tiles.apiGate?.assert(caller);
  return caller;
}

/** Counts the tile for the caller's API usage (metered sources) and answers it with its cache policy. */
export function sendTile(
  tiles: TileContext,
  c: Context,
  caller: Caller,
  tile: StoredTile,
  policy: TileCachePolicy,
  metered = true,
  respond: (c: Context, tile: StoredTile, maxAge: number) => Response = tileResponse,
): Response {
  if (metered && caller.via === 'token') tiles.meter.countTile(caller.token);
  const answer = respond(c, tile, policy.maxAge);
  if (policy.audience === 'private') answer.headers.set('Cache-Control', `private, max-age=${policy.maxAge}`);
  // A session's tile URLs carry the anonymous token: only the credentials tell its callers apart.
  if (policy.audience !== 'public') answer.headers.append('Vary', 'Cookie, Authorization');
  return answer;
}
