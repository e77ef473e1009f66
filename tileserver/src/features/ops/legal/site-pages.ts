// The site's static pages (the legal texts) as admins edit them on /admin/pages: a site_pages row
// overrides the page; without one the operator's LEGAL_DIR text or the shipped default is served, so
// "Restore the shipped text" is deleting the row.
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { legalNames, legalText, type LegalName } from './texts.ts';

export const pageTitles: Record<LegalName, { title: string; path: string }> = {
  terms: { title: 'Terms of Use', path: '/hs/terms' },
  privacy: { title: 'Privacy', path: '/hs/terms/privacy' },
  api: { title: 'API Terms', path: '/hs/terms/api' },
  subscription: { title: 'Subscription Terms', path: '/hs/terms/subscription' },
};

export interface SitePage {
  name: LegalName;
  title: string;
  path: string;
  markdown: string;
  edited: boolean;
  updated_at: Date | null;
}

/** The text served for a page: the admin's edit, else LEGAL_DIR's, else the shipped one. */
export async function pageText(sql: Sql, config: Pick<Config, 'LEGAL_DIR'>, name: LegalName): Promise<string> {
  const [row] = await sql<{ body: string }[]>`SELECT body FROM site_pages WHERE slug = ${name}`;
  return row?.body ?? (await legalText(config, name));
}

export async function listPages(sql: Sql, config: Pick<Config, 'LEGAL_DIR'>): Promise<SitePage[]> {
  const rows = await sql<
    { slug: string; body: string; updated_at: Date }[]
  >`SELECT slug, body, updated_at FROM site_pages`;
  const edits = new Map(rows.map((r) => [r.slug, r]));
  return Promise.all(
    legalNames.map(async (name) => {
      const edit = edits.get(name);
      return {
        name,
        ...pageTitles[name],
        markdown: edit?.body ?? (await legalText(config, name)),
        edited: edit !== undefined,
        updated_at: edit?.updated_at ?? null,
      };
    }),
  );
}

export async function savePage(sql: Sql, name: LegalName, markdown: string, userId: number | null): Promise<void> {
  await sql`
    INSERT INTO site_pages (slug, body, updated_by) VALUES (${name}, ${markdown}, ${userId})
    ON CONFLICT (slug) DO UPDATE SET body = EXCLUDED.body, updated_by = EXCLUDED.updated_by, updated_at = now()`;
}

export async function restorePage(sql: Sql, name: LegalName): Promise<boolean> {
  const deleted = await sql`DELETE FROM site_pages WHERE slug = ${name}`;
  return deleted.count > 0;
}
