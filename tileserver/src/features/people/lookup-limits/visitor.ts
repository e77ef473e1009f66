// The anonymous visitor's cookie: a random id signed with a key kept in the database (app_secrets),
// so every process accepts it and it survives restarts; a forged or altered id is simply a new visitor.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { servedOverHttps, type Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';

const cookieName = 'pm_visitor';

export class VisitorIds {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly sql: Sql,
    private readonly config: Config,
  ) {}

  private signingKey(): Promise<Buffer> {
    this.key ??= (async () => {
      await this
        .sql`INSERT INTO app_secrets (name, value) VALUES ('visitor_cookie', ${randomBytes(32)}) ON CONFLICT (name) DO NOTHING`;
      const [row] = await this.sql<{ value: Buffer }[]>`SELECT value FROM app_secrets WHERE name = 'visitor_cookie'`;
      return row!.value;
    })().catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }

  private async sign(id: string): Promise<string> {
    return createHmac('sha256', await this.signingKey())
      .update(id)
      .digest('base64url')
      .slice(0, 32);
  }

  /** The visitor id of the request's cookie when its signature holds. */
  async read(c: Context): Promise<string | undefined> {
    const [id, signature] = (getCookie(c, cookieName) ?? '').split('.');
    if (!id || !signature || !/^[A-Za-z0-9_-]{22}$/.test(id)) return undefined;
    const expected = Buffer.from(await this.sign(id));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  }

  /** The request's visitor id, or a new one set on the response. */
  async readOrIssue(c: Context): Promise<string> {
    const known = await this.read(c);
    if (known) return known;
    const id = randomBytes(16).toString('base64url');
    setCookie(c, cookieName, `${id}.${await this.sign(id)}`, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: servedOverHttps(this.config),
      path: '/',
      maxAge: 365 * 86400,
    });
    return id;
  }
}
