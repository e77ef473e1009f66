// The legal texts' files behind /hs/terms (terms of use, privacy, API terms, subscription terms).
// Defaults ship in texts/; an operator replaces any of them by putting terms.md, privacy.md, api.md or
// subscription.md into LEGAL_DIR (read on each request, so an edited text shows without a restart).
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Config } from '../../../config.ts';
import { ApiError } from '../../../errors.ts';

export const legalNames = ['terms', 'privacy', 'api', 'subscription'] as const;
export type LegalName = (typeof legalNames)[number];

const defaultsDir = resolve(import.meta.dirname, 'texts');
/** A legal text is a page of prose; anything far bigger is a mistake in LEGAL_DIR, not a text to serve. */
const maxBytes = 512 * 1024;

export function isLegalName(name: string): name is LegalName {
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
