// Accounts for tests, made through the real routes: register, then (for paid levels) the admin API
// sets the plan, exactly as an admin would in the admin pages.
import type { Hono } from 'hono';
import type { Config } from '../config.ts';
import type { Sql } from '../db/client.ts';
import { createAdmin } from '../features/people/admin/create-admin.ts';
import { TestBrowser, uniqueEmail } from './http-client.ts';
import { mailedToken } from './outbox.ts';

export type TestLevel = 'free' | 'pro' | 'team' | 'admin';

/** A signed-in admin user (made the way `npm run admin -- create` makes one). */
export async function signedInAdmin(app: Hono, sql: Sql): Promise<TestBrowser> {
  const email = uniqueEmail('admin');
  const { password } = await createAdmin(sql, email, 'Ada Admin');
  const browser = new TestBrowser(app);
  const res = await browser.signIn(email, password);
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${JSON.stringify(res.json)}`);
  return browser;
}

/** A signed-in user of a level; paid levels get a group of their own with them as manager. */
export async function signedInUser(
  app: Hono,
  sql: Sql,
  level: TestLevel,
  admin?: TestBrowser,
): Promise<{ browser: TestBrowser; userId: number; email: string }> {
  if (level === 'admin') {
    const browser = await signedInAdmin(app, sql);
    return { browser, userId: (await browser.session()).user.id, email: (await browser.session()).user.email };
  }
  const email = uniqueEmail(level);
  const browser = new TestBrowser(app);
  const registered = await browser.register(email, 'secret-pass-1', `${level} user`);
  if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.json)}`);
  const userId = registered.json.user.id as number;
  if (level !== 'free') {
    const by = admin ?? (await signedInAdmin(app, sql));
    const res = await by.put(`/admin/users/${userId}/plan.json`, { tier: level, seats: level === 'team' ? 3 : 1 });
    if (res.status !== 200) throw new Error(`set plan failed: ${JSON.stringify(res.json)}`);
  }
  return { browser, userId, email };
}

/** A user who registers and accepts the manager's mailed invitation: a member of the manager's group. */
export async function invitedMember(
  app: Hono,
  config: Config,
  manager: TestBrowser,
  name = 'Mel Member',
): Promise<TestBrowser> {
  const email = uniqueEmail('member').toLowerCase();
  await manager.post('/users/invitations.json', { email });
  const member = new TestBrowser(app);
  await member.register(email, 'secret-pass-1', name);
  const accepted = await member.post('/users/invitations/accept.json', { token: mailedToken(config, email, 'token') });
  if (accepted.status !== 200) throw new Error(`accepting the invitation failed: ${JSON.stringify(accepted.json)}`);
  return member;
}
