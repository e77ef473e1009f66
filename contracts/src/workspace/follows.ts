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
    source_id: boundedString(100)
      .regex(/^[a-z0-9_-]{1,100}$/)
      .optional(),
  })
  .strict();

export const followsQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export const followId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

const lonLat = z.tuple([z.number(), z.number()]);

export const bookmark = z.object({
  id: z.number(),
  address: z.string().nullable(),
  path: z.string(),
  target_path: z.string(),
  /** [lon, lat]; null when the parcel is gone (the map skips it). */
  centroid: lonLat.nullable(),
  source_id: z.string(),
  created_at: z.string(),
});
export type Bookmark = z.infer<typeof bookmark>;

export const bookmarkSource = z.object({ source_id: z.string(), name: z.string(), bookmarks: z.array(bookmark) });
export type BookmarkSource = z.infer<typeof bookmarkSource>;

export const followedPlace = z.object({
  id: z.number(),
  place: z.object({ properties: z.object({ path: z.string(), headline: z.string() }) }),
  created_at: z.string(),
});
export type FollowedPlace = z.infer<typeof followedPlace>;

export const followsPage = z.object({
  follows: z.object({ parcels: z.array(bookmarkSource), places: z.array(followedPlace) }),
  page: z.number(),
  total_pages: z.number(),
  total_count: z.number(),
  /** The caller's plan limit; null = unlimited. */
  limit: z.number().nullable(),
});
export type FollowsPage = z.infer<typeof followsPage>;

/** One follow for the map's pins and the Follow/Unfollow state of the Actions menus. */
export const slimFollow = z.object({
  id: z.number(),
  kind: z.enum(['parcel', 'place']),
  path: z.string(),
  centroid: lonLat.nullable(),
});
export type SlimFollow = z.infer<typeof slimFollow>;

export const slimFollows = z.object({ follows: z.array(slimFollow), limit: z.number().nullable() });
export type SlimFollows = z.infer<typeof slimFollows>;

export const followResult = z.object({ status: z.literal('ok'), follow: slimFollow.nullable() });
export type FollowResult = z.infer<typeof followResult>;

/** Display names of bookmark datasets. */
export const sourceNames: Record<string, string> = { parcels: 'Parcels' };
