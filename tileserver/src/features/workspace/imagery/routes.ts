// Property imagery (spec: Property imagery panel): images come from a configured provider
// through this server, so the provider key never reaches a browser and every delivered image is
// counted. GET /users/{id}/img_limits reads the meter; GET /imagery/{street|birdseye}.jpg takes one
// image (refunded when the provider fails) and streams the provider's answer.
import { Hono, type Context } from 'hono';
import type { Caller, CallerResolver } from '../../../auth/caller.ts';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { clientAddress } from '../../../auth/rate-limit.ts';
import { visitorsPerAddress } from '../../people/lookup-limits/policy.ts';
import { deploymentCapReached, takeCalls, type Budget } from '../../people/lookup-limits/provider-budgets.ts';
import { VisitorIds } from '../../people/lookup-limits/visitor.ts';
import { photoType as rasterType } from '../surveys/limits.ts';
import { imageAllowance } from './policy.ts';
import { imagesUsed, parcelPoint, refundImage, takeImage } from './queries.ts';
import {
  imageLimitMessage,
  imageQuery,
  imageryTexts,
  type ImageLimits,
  type ImageryKind,
} from '@parcel-map/contracts/workspace/imagery';

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** An image needs nothing: no script, style, frame or plugin of its own may load or run. */
export const imageCsp = "default-src 'none'; sandbox";

/** The provider URL for a point: {lat}, {lon}, {heading}, {angle} and {key} are filled in, encoded. */
export function providerUrl(
  template: string,
  values: { lat: number; lon: number; heading?: number; angle?: number; key?: string },
): string {
  const fill: Record<string, string> = {
    lat: values.lat.toFixed(6),
    lon: values.lon.toFixed(6),
    heading: values.heading === undefined ? '' : String(Math.round(values.heading)),
    angle: values.angle === undefined ? '0' : String(values.angle),
    key: values.key ?? '',
  };
  return template.replace(/\{(lat|lon|heading|angle|key)\}/g, (_, name: string) => encodeURIComponent(fill[name]!));
}

export function imageryRoutes(deps: { config: Config; sql: Sql; callers: CallerResolver }): Hono {
  const app = new Hono();
  const { config, sql } = deps;
  const visitors = new VisitorIds(sql, config);
  const templates: Record<ImageryKind, string | undefined> = {
    street: config.IMAGERY_STREET_URL,
    birdseye: config.IMAGERY_BIRDSEYE_URL,
  };
  const providers = { street: templates.street !== undefined, birdseye: templates.birdseye !== undefined };

  /** The metered subject: the user, the group of a group token, or the visitor's cookie. */
  const subjectOf = async (c: Context, caller: Caller, issue: boolean): Promise<string | undefined> => {
    if (caller.user) return `user:${caller.user.id}`;
    if (caller.group) return `group:${caller.group.id}`;
    const visitor = issue ? await visitors.readOrIssue(c) : await visitors.read(c);
    return visitor ? `visitor:${visitor}` : undefined;
  };

  const limitsOf = (caller: Caller, used: number): ImageLimits => {
    const allowance = imageAllowance(caller.level, config.IMAGERY_FREE_IMAGES);
    if (!allowance)
      return {
        metered: false,
        allowed: true,
        need: null,
        remaining: null,
        used,
        total: null,
        initialized: true,
        providers,
      };
    const remaining = Math.max(0, allowance.total - used);
    return {
      metered: true,
      allowed: remaining > 0,
      need: allowance.need,
      remaining,
      used: Math.min(used, allowance.total),
      total: allowance.total,
      initialized: true,
      providers,
    };
  };

  app.get('/users/:id/img_limits', async (c) => {
    const caller = await deps.callers.of(c);
    const id = c.req.param('id');
    // Anonymous visitors ask with 0 (or "me"); a signed-in user only about themselves.
    const own = id === 'me' || (caller.user ? id === String(caller.user.id) : id === '0');
    if (!own) throw new ApiError('NOT_FOUND', 'No such user');
    const subject = await subjectOf(c, caller, false);
    const used = subject ? await imagesUsed(sql, subject) : 0;
    const limits = limitsOf(caller, used);
    return c.json({ ...limits, message: imageLimitMessage(limits) }, 200, { 'Cache-Control': 'no-store' });
  });

  app.get('/imagery/:kind{(street|birdseye)\\.jpg}', async (c) => {
    const caller = await deps.callers.of(c);
    const kind = c.req.param('kind').replace('.jpg', '') as ImageryKind;
    const query = imageQuery.parse(c.req.query());
    const template = templates[kind];
    if (!template) throw new ApiError('NOT_FOUND', imageryTexts.notConfigured);
    const point = await parcelPoint(sql, query.path);
    if (!point) throw new ApiError('NOT_FOUND', 'No parcel at that path');

    const allowance = imageAllowance(caller.level, config.IMAGERY_FREE_IMAGES);
    const subject = allowance ? (await subjectOf(c, caller, true))! : undefined;
    const refused = () => {
      const limits = limitsOf(caller, allowance!.total);
      return new ApiError('TOO_MANY_REQUESTS', imageLimitMessage(limits)!, { img_limits: limits });
    };
    if (allowance && subject) {
      const used = await takeImage(sql, subject, allowance.total);
      if (used === undefined) throw refused();
    }
    // A cookie costs nothing to drop, so anonymous images also count per client address and day (room
    // for several visitors behind one address); and the deployment's own daily cap bounds the bill.
    const budgets: Budget[] = [];
    if (allowance && caller.via === 'anonymous') {
      budgets.push({
        subject: `imagery:address:${clientAddress(c)}`,
        limit: allowance.total * visitorsPerAddress,
        refusal: refused,
      });
    }
    budgets.push({
      subject: 'imagery:deployment',
      limit: config.IMAGERY_DAILY_MAX,
      refusal: deploymentCapReached('Property imagery'),
    });
    let giveBack: () => Promise<void>;
    try {
      giveBack = await takeCalls(sql, budgets);
    } catch (error) {
      if (subject) await refundImage(sql, subject);
      throw error;
    }
    const url = providerUrl(template, {
      lat: point.lat,
      lon: point.lon,
      heading: query.heading ?? point.heading ?? undefined,
      angle: kind === 'birdseye' ? (query.angle ?? 0) : undefined,
      key: config.IMAGERY_KEY,
    });
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(config.PROVIDER_TIMEOUT_MS), redirect: 'follow' });
      if (!res.ok) throw new Error(`provider answered ${res.status}`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (bytes.length === 0 || bytes.length > MAX_IMAGE_BYTES)
        throw new Error(`provider image of ${bytes.length} bytes`);
      // Served from our origin: only raster images, typed by their own bytes (never the provider's
      // word, so no SVG or HTML with script), and under a CSP that lets nothing in them run.
      const type = rasterType(bytes);
      if (!type)
        throw new Error(
          `provider answered ${res.headers.get('content-type') ?? 'no type'}, not a JPEG, PNG or WebP image`,
        );
      return c.body(bytes, 200, {
        'Content-Type': type.mime,
        'Cache-Control': 'private, no-store',
        'Content-Security-Policy': imageCsp,
      });
    } catch {
      if (subject) await refundImage(sql, subject);
      await giveBack();
      throw new ApiError('UNAVAILABLE', imageryTexts.unavailable, { provider: 'failed' });
    }
  });

  return app;
}
