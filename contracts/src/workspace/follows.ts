// Request and answer shapes of follows and bookmarks (map.md section 5): shared with the viewer, so
// no server-only imports here.
import { z } from 'zod';
import { boundedString } from '../bounded-string.ts';

/** Follows per page of GET /profile/follows.json. */
export const followsPageSize = 25;

export const bookmarkBody = z
  .object({
    /** true takes the bookmark off again (the spec's "bookmark remove"). */
    remove: z.boolean().optional(),
    /** The dataset the bookmark belongs to; parcels unless a dataset says otherwise. */
    source_id: boundedString(100).regex(/^[a-z0-9_-]{1,100}$/).optional(),
  })
  .strict();

export const followsQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export const followId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export interface Bookmark {
  id: number;
  address: string | null;
  path: string;
  target_path: string;
  /** [lon, lat]; null when the parcel is gone (the map skips it). */
  centroid: [number, number] | null;
  source_id: string;
  created_at: string;
}

export interface BookmarkSource {
  source_id: string;
  name: string;
  bookmarks: Bookmark[];
}

export interface FollowedPlace {
  id: number;
  place: { properties: { path: string; headline: string } };
  created_at: string;
}

export interface FollowsPage {
  follows: { parcels: BookmarkSource[]; places: FollowedPlace[] };
  page: number;
  total_pages: number;
  total_count: number;
  /** The caller's plan limit; null = unlimited. */
  limit: number | null;
}

/** One follow for the map's pins and the Follow/Unfollow state of the Actions menus. */
export interface SlimFollow {
  id: number;
  kind: 'parcel' | 'place';
  path: string;
  centroid: [number, number] | null;
}

export interface SlimFollows {
  follows: SlimFollow[];
  limit: number | null;
}

export interface FollowResult {
  status: 'ok';
  follow: SlimFollow | null;
}

/** Display names of bookmark datasets. */
export const sourceNames: Record<string, string> = { parcels: 'Parcels' };
