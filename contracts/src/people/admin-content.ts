// The admin pages that manage content: /admin/map (what is loaded, per parcel source and per layer),
// /admin/notify (a notice mailed to all users or one plan's), /admin/pages (the site's static texts)
// and /admin/neighborhoods/new (a neighborhood place drawn or uploaded). Request bodies are bounded.
import { z } from 'zod';
import { boundedString } from '../bounded-string.ts';

const bbox = z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable();

/** GET /admin/map.json */
export const adminMapAnswer = z.object({
  sources: z.array(z.object({ source: z.string(), parcels: z.number(), bbox })),
  layers: z.array(
    z.object({
      table: z.string(),
      label: z.string(),
      rows: z.number(),
      synthetic_rows: z.number(),
      sources: z.number(),
      bbox,
      admin_only: z.boolean(),
    }),
  ),
  /** The layer catalogue's entries with who may draw each ('admin': admins only). */
  catalogue: z.array(z.object({ id: z.string(), name: z.string(), access: z.string() })),
  cities: z.array(z.object({ path: z.string(), name: z.string(), bbox })),
});
export type AdminMapAnswer = z.infer<typeof adminMapAnswer>;

export const noticeAudiences = ['all', 'free', 'pro', 'team'] as const;

/** POST /admin/notify.json: without `confirm` it only counts the recipients; with it, it sends. */
export const notifyBody = z.object({
  audience: z.enum(noticeAudiences),
  subject: boundedString(150).trim().min(1, 'Enter a subject'),
  body: boundedString(5000).trim().min(1, 'Enter the message'),
  confirm: z.boolean().optional(),
});
export const notifyAnswer = z.object({ recipients: z.number(), sent: z.number() });

export const sitePageNames = ['terms', 'privacy', 'api', 'subscription'] as const;

/** GET /admin/pages.json */
export const sitePagesAnswer = z.object({
  pages: z.array(
    z.object({
      name: z.enum(sitePageNames),
      title: z.string(),
      path: z.string(),
      markdown: z.string(),
      edited: z.boolean(),
      updated_at: z.string().nullable(),
    }),
  ),
});
export type SitePages = z.infer<typeof sitePagesAnswer>;

/** PUT /admin/pages.json; an empty text is refused (POST /admin/pages/restore.json brings the shipped text back). */
export const sitePageBody = z.object({
  name: z.enum(sitePageNames),
  markdown: boundedString(200_000).min(1, 'The page needs some text'),
});
export const sitePageRestoreBody = z.object({ name: z.enum(sitePageNames) });

const ring = z
  .array(z.tuple([z.number(), z.number()]).or(z.array(z.number()).min(2).max(3)))
  .min(4)
  .max(2000);

/** POST /admin/neighborhoods.json */
export const neighborhoodBody = z.object({
  name: boundedString(80).trim().min(2, 'Enter a name of 2 characters or more'),
  parent: boundedString(200).regex(/^\/[a-z0-9/_-]+$/, 'Choose the parent city'),
  geometry: z.discriminatedUnion('type', [
    z.object({ type: z.literal('Polygon'), coordinates: z.array(ring).min(1).max(20) }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ring).min(1).max(20)).min(1).max(20) }),
  ]),
});
export const neighborhoodAnswer = z.object({ path: z.string(), name: z.string(), area_sq_km: z.number() });
