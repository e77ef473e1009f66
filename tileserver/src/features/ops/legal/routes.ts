// GET /api/v1/legal/{name}.json -> {name, markdown}: the legal texts behind /hs/terms (terms of use,
// privacy, API terms, subscription terms). Defaults ship in texts/; an operator replaces any of them
// by putting terms.md, privacy.md, api.md or subscription.md into LEGAL_DIR (read on each request, so
// an edited text shows without a restart).
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Hono } from 'hono';
import type { Config } from '../../../config.ts';
import { ApiError } from '../../../errors.ts';

export const legalNames = ['terms', 'privacy', 'api', 'subscription'] as const;
export type LegalName = (typeof legalNames)[number];

const defaultsDir = resolve(import.meta.dirname, 'texts');
/** A legal text is a page of prose; anything far bigger is a mistake in LEGAL_DIR, not a text to serve. */
const maxBytes = 512 * 1024;

function isLegalName(name: string): name is LegalName {
  return (legalNames as readonly string[]).includes(name);
}

async function readText(file: string): Promise<string | undefined> {
  try {
    const text = await readFile(file, 'utf8');
    if (Buffer.byteLength(text) > maxBytes)
      throw new ApiError('INTERNAL', `The legal text ${file} is larger than ${maxBytes / 1024} KB`);
    return text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The operator's text when LEGAL_DIR has one, else the default that ships with the code. */
export async function legalText(config: Pick<Config, 'LEGAL_DIR'>, name: LegalName): Promise<string> {
  const custom = config.LEGAL_DIR ? await readText(join(config.LEGAL_DIR, `${name}.md`)) : undefined;
  return custom ?? (await readText(join(defaultsDir, `${name}.md`)))!;
}

export function legalRoutes(deps: { config: Config }): Hono {
  const app = new Hono();
  app.get('/api/v1/legal/:file', async (c) => {
    // The name comes from a closed list, so no request text ever reaches a file path.
    const name = /^([a-z]+)\.json$/.exec(c.req.param('file'))?.[1] ?? '';
    if (!isLegalName(name))
      throw new ApiError(
        'NOT_FOUND',
        `No legal text named ${JSON.stringify(c.req.param('file'))}; there are ${legalNames.join(', ')}`,
      );
    return c.json({ name, markdown: await legalText(deps.config, name) }, 200, { 'Cache-Control': 'no-cache' });
  });
  return app;
}
