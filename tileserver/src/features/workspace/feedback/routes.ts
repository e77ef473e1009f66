// POST /search/feedback (the "Help us Improve" modal) and POST /requests (the Place Unavailable form):
// anyone may send them, signed in or not; a client address may send 20 an hour, so a script cannot
// flood the admin lists. Admins read them at /admin/search_feedback and /admin/requests.
import { Hono } from 'hono';
import { z } from 'zod';
import { boundedString } from '@parcel-map/contracts/bounded-string';
import type { CallerResolver } from '../../../auth/caller.ts';
import { clientAddress, RateLimiter } from '../../../auth/rate-limit.ts';
import type { Sql } from '../../../db/client.ts';
import { requestBody } from '../../../http/request-body.ts';
import { isContextPath } from '../../map/places/context-path.ts';
import { insertPlaceRequest, insertSearchFeedback } from './queries.ts';

const feedbackBody = z.object({
  feedback: z.object({
    query: boundedString(500).trim().min(1, 'Say what you searched for'),
    additional_information: boundedString(4000).trim().default(''),
  }),
});

const placeRequestBody = z.object({
  // Admins open it as a link: a place path only (never //host or a scheme).
  path: boundedString(300).trim().min(1).refine(isContextPath, 'A place path looks like /us/ma/middlesex/cambridge'),
  data_report: z.union([z.boolean(), boundedString(20)]).optional(),
  authenticity_token: boundedString(200).optional(),
  name: boundedString(200).trim().default(''),
  contact: boundedString(200).trim().default(''),
  comment: boundedString(4000).trim().default(''),
});

export function feedbackRoutes(deps: { sql: Sql; callers: CallerResolver }): Hono {
  const app = new Hono();
  const perHour = new RateLimiter({ limit: 20, windowMs: 3_600_000 });
  const tooMany = 'You have sent a lot of messages in the last hour; please try again later';

  app.post('/search/feedback', async (c) => {
    const caller = await deps.callers.of(c);
    perHour.hit(clientAddress(c), tooMany);
    const { feedback } = await requestBody(c, feedbackBody);
    await insertSearchFeedback(deps.sql, feedback, caller.user?.id ?? null);
    return c.json({ status: 'ok', message: 'Thank you for your submitted feedback!' }, 201);
  });

  app.post('/requests', async (c) => {
    const caller = await deps.callers.of(c);
    perHour.hit(clientAddress(c), tooMany);
    const body = await requestBody(c, placeRequestBody, { allowForm: true });
    await insertPlaceRequest(deps.sql, body, caller.user?.id ?? null);
    return c.json({ status: 'ok', message: 'Thank you for your suggestion!' }, 201);
  });

  return app;
}
