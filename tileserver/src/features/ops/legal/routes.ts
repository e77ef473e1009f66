// GET /api/v1/legal/{name}.json -> {name, markdown}: the legal texts behind /hs/terms, as edited on
// /admin/pages, else from LEGAL_DIR, else as shipped (texts.ts, site-pages.ts).
import { Hono } from 'hono';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { pageText } from './site-pages.ts';
import { isLegalName, legalNames } from './texts.ts';

export { legalNames, legalText, type LegalName } from './texts.ts';

export function legalRoutes(deps: { config: Config; sql: Sql }): Hono {
  const app = new Hono();
  app.get('/api/v1/legal/:file', async (c) => {
    // The name comes from a closed list, so no request text ever reaches a file path.
    const name = /^([a-z]+)\.json$/.exec(c.req.param('file'))?.[1] ?? '';
    if (!isLegalName(name))
      throw new ApiError(
        'NOT_FOUND',
        `No legal text named ${JSON.stringify(c.req.param('file'))}; there are ${legalNames.join(', ')}`,
      );
    return c.json({ name, markdown: await pageText(deps.sql, deps.config, name) }, 200, {
      'Cache-Control': 'no-cache',
    });
  });
  return app;
}
