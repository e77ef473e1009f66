// Request and answer shapes of projects and focus areas (shared with the viewer: no server-only imports).
import { z } from 'zod';
import { boundedString } from '../bounded-string.ts';

export const deleteProjectConfirmation =
  'Are you sure you want to delete this project? You may lose exports that have not expired.';

const placePath = boundedString(300)
  .trim()
  .regex(/^\/[a-z]{2}(\/[a-z0-9-]+)*$/, 'A place path looks like /us/ma/middlesex/cambridge');

export const projectBody = z
  .object({
    name: boundedString(100).trim().min(1, 'Name the project'),
    query: z.object({ path: placePath, filters: z.record(boundedString(80), z.unknown()).default({}) }).strict(),
    styles: z.array(z.unknown()).max(100).default([]),
  })
  .strict();

export const projectUpdate = projectBody.partial().refine((b) => Object.keys(b).length > 0, 'Nothing to change');
export const setRootBody = z.object({ path: placePath }).strict();
export const focusBody = z
  .object({ id: z.number().int().positive(), folder: boundedString(100).trim().default('') })
  .strict();

/** POST /neighborhoods.json (the spec's call for saving a focus area). */
export const focusAreaBody = z.object({
  name: boundedString(100).trim().min(3, 'Name this focus area (required): more than 2 characters'),
  description: boundedString(2000).trim().default(''),
  shape: z.object({ type: z.enum(['Polygon', 'MultiPolygon']), coordinates: z.array(z.unknown()).min(1).max(1000) }),
  group_slug: boundedString(100).optional(),
  map_slug: boundedString(100).optional(),
  set_as_default: z.boolean().default(false),
});

const placeRoot = z.object({ name: z.string().nullable(), path: z.string(), headline: z.string().nullable() });

/** GET /profile/projects.json: the caller's account's projects; limit null is unlimited. */
export const projectsList = z.object({
  projects: z.array(
    z.object({ id: z.number(), name: z.string(), path: z.string(), root: placeRoot, updated_at: z.string() }),
  ),
  limit: z.number().nullable(),
});
export type ProjectsList = z.infer<typeof projectsList>;

export const focusArea = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  acres: z.number(),
  headline: z.string(),
  geometry: z.unknown(),
  folder: z.string().nullable().optional(),
});
export type FocusArea = z.infer<typeof focusArea>;

/** GET /neighborhoods.json: the focus areas of the caller's account. */
export const focusAreasAnswer = z.object({ focus_areas: z.array(focusArea) });

/** GET, PUT and the actions of a project ({group}/maps/{slug}.json): the project as its page shows it. */
export const projectAnswer = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  path: z.string(),
  url: z.string(),
  query: z.object({ path: z.string(), filters: z.record(z.string(), z.unknown()) }),
  root: placeRoot,
  styles: z.array(z.unknown()),
  regions: z.array(z.object({ folder: z.string(), focus_areas: z.array(focusArea) })),
  permissions: z.object({ update: z.boolean(), manage: z.boolean() }),
  group: z.object({ path: z.string() }),
  shared: z.boolean(),
  /** Who shared the project, for a guest holding its share link. */
  sharer: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProjectAnswer = z.infer<typeof projectAnswer>;

export type FocusAreasAnswer = z.infer<typeof focusAreasAnswer>;
