// The admin content pages' API: GET /admin/map.json (parcel sources and every map layer, admin-only ones
// included, with counts and extents), POST /admin/notify.json (count, then on confirmation mail a
// notice to all users or one plan's through the mailer, with an audit row), GET/PUT /admin/pages.json and
// POST /admin/pages/restore.json (the static pages' text) and POST /admin/neighborhoods.json (a neighborhood place).
// Admins only: everyone else gets 404, as on every admin route.
import { Hono, type Context } from 'hono';
import {
  neighborhoodBody,
  notifyBody,
  sitePageBody,
  sitePageRestoreBody,
} from '@parcel-map/contracts/people/admin-content';
import type { CallerResolver } from '../../../auth/caller.ts';
import type { Config } from '../../../config.ts';
import { transaction, type Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { requestBody } from '../../../http/request-body.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import { placePath, slugify } from '../../../data/slug.ts';
import { additionalLayers } from '../../map/layers/catalog.ts';
import { listPages, restorePage, savePage } from '../../ops/legal/site-pages.ts';
import { requireAdmin } from './policy.ts';
import { audit } from './queries.ts';
import {
  checkNeighborhood,
  cities,
  insertNeighborhood,
  layerExtents,
  noticeRecipients,
  parcelSources,
} from './content-queries.ts';

/** A notice goes to at most this many users per send (the mailer sends one message per user). */
export const MAX_NOTICE_RECIPIENTS = 5000;
/** A neighborhood is a part of a city: at most this share of its parent's area, and 50 km² at most. */
const MAX_PARENT_SHARE = 0.5;
const MAX_AREA_SQ_KM = 50;
/** Digitising along a city line leaves slivers outside it: up to 2% of the area may lie outside. */
const MAX_OUTSIDE_SHARE = 0.02;

export function adminContentRoutes(deps: { config: Config; sql: Sql; callers: CallerResolver; mailer: Mailer }): Hono {
  const app = new Hono();
  const { sql } = deps;
  const admin = async (c: Context) => {
    const caller = await deps.callers.of(c);
    requireAdmin(caller);
    return caller;
  };

  app.get('/admin/map.json', async (c) => {
    await admin(c);
    const [sources, layers, places] = await Promise.all([parcelSources(sql), layerExtents(sql), cities(sql)]);
    const catalogue = additionalLayers.map((l) => ({ id: l.id, name: l.name, access: l.access ?? 'everyone' }));
    return c.json({ sources, layers, catalogue, cities: places });
  });

  app.post('/admin/notify.json', async (c) => {
    const caller = await admin(c);
    const body = await requestBody(c, notifyBody);
    const recipients = await noticeRecipients(sql, body.audience, MAX_NOTICE_RECIPIENTS + 1);
    if (recipients.length > MAX_NOTICE_RECIPIENTS)
      throw new ApiError(
        'BAD_REQUEST',
        `More than ${MAX_NOTICE_RECIPIENTS} users would get this notice: send it to one plan's users at a time`,
      );
    if (!body.confirm) return c.json({ recipients: recipients.length, sent: 0 });
    let sent = 0;
    for (const r of recipients) {
      await deps.mailer.send({ to: r.email, subject: body.subject, text: body.body });
      sent++;
    }
    await audit(sql, {
      actorId: caller.user?.id ?? null,
      action: 'notify',
      details: { audience: body.audience, subject: body.subject, recipients: sent },
    });
    return c.json({ recipients: recipients.length, sent });
  });

  app.get('/admin/pages.json', async (c) => {
    await admin(c);
    return c.json({ pages: await listPages(sql, deps.config) });
  });

  app.put('/admin/pages.json', async (c) => {
    const caller = await admin(c);
    const body = await requestBody(c, sitePageBody, { maxBytes: 256 * 1024 });
    await transaction(sql, async (db) => {
      await savePage(db, body.name, body.markdown, caller.user?.id ?? null);
      await audit(db, { actorId: caller.user?.id ?? null, action: 'edit_page', details: { page: body.name } });
    });
    return c.json({ status: 'ok', name: body.name });
  });

  // Deleting the edit brings back the operator's LEGAL_DIR text or the shipped one.
  app.post('/admin/pages/restore.json', async (c) => {
    const caller = await admin(c);
    const body = await requestBody(c, sitePageRestoreBody);
    if (await restorePage(sql, body.name))
      await audit(sql, { actorId: caller.user?.id ?? null, action: 'restore_page', details: { page: body.name } });
    return c.json({ status: 'ok', name: body.name });
  });

  app.post('/admin/neighborhoods.json', async (c) => {
    const caller = await admin(c);
    const body = await requestBody(c, neighborhoodBody);
    const slug = slugify(body.name);
    if (!/[a-z]/.test(slug)) throw new ApiError('BAD_REQUEST', 'The name needs a letter (parcel paths are numbers)');
    const path = placePath(body.parent, body.name);
    const geojson = JSON.stringify(body.geometry);
    const check = await checkNeighborhood(sql, body.parent, path, geojson).catch((error: unknown) => {
      throw new ApiError('BAD_REQUEST', `The boundary is not a polygon PostGIS can read: ${(error as Error).message}`);
    });
    if (check.parent_kind !== 'city') throw new ApiError('BAD_REQUEST', `${body.parent} is not a city`);
    if (!check.valid) throw new ApiError('BAD_REQUEST', `The boundary is not a valid polygon: ${check.reason}`);
    if (check.area_sq_km <= 0) throw new ApiError('BAD_REQUEST', 'The boundary encloses no area');
    if (check.outside_share > MAX_OUTSIDE_SHARE)
      throw new ApiError(
        'BAD_REQUEST',
        `The boundary must lie inside ${check.parent_name}: ${Math.round(check.outside_share * 100)}% of it is outside`,
      );
    if (check.area_sq_km > MAX_AREA_SQ_KM || check.area_sq_km > check.parent_area_sq_km * MAX_PARENT_SHARE)
      throw new ApiError(
        'BAD_REQUEST',
        `The boundary is too large for a neighborhood (${check.area_sq_km.toFixed(2)} km², ${check.parent_name} is ${check.parent_area_sq_km.toFixed(2)} km²)`,
      );
    if (check.taken) throw new ApiError('CONFLICT', `${path} already exists`);
    await transaction(sql, async (db) => {
      await insertNeighborhood(db, {
        path,
        parent: body.parent,
        name: body.name,
        headline: `${body.name}, ${check.parent_name}`,
        source: `admin:${caller.user?.id ?? 'token'}`,
        geojson,
      });
      await audit(db, { actorId: caller.user?.id ?? null, action: 'create_neighborhood', details: { path } });
    });
    return c.json({ path, name: body.name, area_sq_km: Math.round(check.area_sq_km * 1000) / 1000 }, 201);
  });

  return app;
}
