import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { testDb } from '../../../testing/db.ts';
import { legalNames } from './routes.ts';

const sql = testDb(1);
afterAll(() => sql.end());
const appWith = (env: Record<string, string> = {}) =>
  createApp({ config: loadConfig(env), sql, logger: createLogger('silent') });

describe('the legal texts', () => {
  it('serve the four default texts as Markdown, each opening with its title', async () => {
    const app = appWith();
    const titles = {
      terms: '# Terms of Use',
      privacy: '# Privacy Notice',
      api: '# API Terms',
      subscription: '# Subscription Terms',
    };
    for (const name of legalNames) {
      const res = await app.request(`/api/v1/legal/${name}.json`);
      expect(res.status, name).toBe(200);
      const body = (await res.json()) as { name: string; markdown: string };
      expect(body.name).toBe(name);
      expect(body.markdown.startsWith(titles[name])).toBe(true);
    }
  });

  it('answer 404 in the error envelope for any other name, including paths that try to leave the folder', async () => {
    const app = appWith();
    for (const path of [
      '/api/v1/legal/cookies.json',
      '/api/v1/legal/terms.md',
      '/api/v1/legal/..%2Fconfig.json',
      '/api/v1/legal/TERMS.json',
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
  });

  it('take the operator’s file from LEGAL_DIR when it has one, and the default for the others', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'legal-'));
    writeFileSync(join(dir, 'terms.md'), '# Our Terms\n\nOnly members of the county office may use this map.\n');
    const app = appWith({ LEGAL_DIR: dir });
    const terms = (await (await app.request('/api/v1/legal/terms.json')).json()) as { markdown: string };
    expect(terms.markdown).toBe('# Our Terms\n\nOnly members of the county office may use this map.\n');
    const privacy = (await (await app.request('/api/v1/legal/privacy.json')).json()) as { markdown: string };
    expect(privacy.markdown.startsWith('# Privacy Notice')).toBe(true);
    // Read on each request: an edited text shows without a restart.
    writeFileSync(join(dir, 'privacy.md'), '# Privacy\n\nWe keep nothing.\n');
    const edited = (await (await app.request('/api/v1/legal/privacy.json')).json()) as { markdown: string };
    expect(edited.markdown).toContain('We keep nothing.');
  });

  it('refuse to start when LEGAL_DIR is not an existing folder, naming the variable', () => {
    expect(() => loadConfig({ LEGAL_DIR: join(tmpdir(), 'no-such-legal-folder-for-tests') })).toThrow(
      /LEGAL_DIR=.*must be an existing folder/,
    );
  });
});
