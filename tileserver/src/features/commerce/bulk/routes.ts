// Bulk data licences: POST /bulk/requests stores an enquiry from the /bulk page and mails it to the
// team (SALES_EMAIL), since nationwide or multi-state data is licensed by agreement, not checked out;
// GET /admin/bulk_requests.json lists them for admins. Anyone may enquire, signed in or not; a client
// address may send 10 an hour so a script cannot flood the team's inbox.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bulkRequestBody, bulkScopeLabels } from '@parcel-map/contracts/commerce/bulk';
import type { CallerResolver } from '../../../auth/caller.ts';
import { clientAddress, RateLimiter } from '../../../auth/rate-limit.ts';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { requestBody } from '../../../http/request-body.ts';
import { quotedUserText, type Mailer } from '../../../mail/mailer.ts';
import { requireAdmin } from '../../people/admin/policy.ts';
import { bulkRequests, insertBulkRequest } from './queries.ts';

const pageOf = (c: Context) => Math.min(1000, Math.max(0, Number.parseInt(c.req.query('page') ?? '0', 10) || 0));

export function bulkRoutes(deps: { config: Config; sql: Sql; callers: CallerResolver; mailer: Mailer }): Hono {
  const app = new Hono();
  const perHour = new RateLimiter({ limit: 10, windowMs: 3_600_000 });

  app.post('/bulk/requests', async (c) => {
    const caller = await deps.callers.of(c);
    perHour.hit(clientAddress(c), 'You have sent several enquiries in the last hour; please try again later');
    const body = await requestBody(c, bulkRequestBody);
    const id = await insertBulkRequest(deps.sql, body, caller.user?.id ?? null);
    // The sender's words go in the body only, quoted, never in the subject (mail/mailer.ts).
    await deps.mailer.send({
      to: deps.config.SALES_EMAIL,
      subject: `Bulk data licence enquiry #${id}`,
      text: [
        `A bulk data licence enquiry (#${id}) came in from the /bulk page.`,
        '',
        `Name: ${quotedUserText(body.name, 200)}`,
        `Email: ${quotedUserText(body.email, 200)}`,
        `Organization: ${quotedUserText(body.organization, 200)}`,
        `Scope: ${bulkScopeLabels[body.scope]}`,
        `States: ${body.scope === 'nationwide' ? 'all' : body.states.join(', ').toUpperCase()}`,
        '',
        `Use: ${quotedUserText(body.use_case, 4000)}`,
        '',
        'Every enquiry is listed at /admin/bulk_requests.',
      ].join('\n'),
    });
    return c.json({ status: 'ok', message: 'Thank you! Our data team will reply within two business days.' }, 201);
  });

  app.get('/admin/bulk_requests.json', async (c) => {
    requireAdmin(await deps.callers.of(c));
    return c.json({ requests: await bulkRequests(deps.sql, pageOf(c)) });
  });

  return app;
}
