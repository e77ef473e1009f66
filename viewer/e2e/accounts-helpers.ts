// Accounts for browser tests, made through the real API: users registered in a browser context (so the
// page shares their session cookie), plans set by an admin as the admin pages would, and the links of
// mail the server wrote to its outbox folder.
import type { BrowserContext } from 'playwright-core';
import { createAdmin } from '@parcel-map/tileserver/features/people/admin/create-admin';
import { awaitMailTo } from '@parcel-map/tileserver/testing/outbox';
import type { Harness } from './harness.ts';

let count = 0;
/** An email no other test uses. */
export const testEmail = (tag: string) => `${tag}-${process.pid}-${Date.now().toString(36)}-${++count}@example.org`;

/** Registers a user through POST /users.json in this context: its pages are signed in as them. */
export async function registerIn(
  context: BrowserContext,
  origin: string,
  user: { name: string; email: string; password?: string },
): Promise<number> {
  const res = await context.request.post(`${origin}/users.json`, {
    data: { user: { name: user.name, email: user.email, password: user.password ?? 'secret-pass-1' } },
  });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { user: { id: number } }).user.id;
}

/** An admin (made like `npm run admin -- create`) puts a user on a plan with a group of their own. */
export async function setPlan(
  h: Harness,
  userId: number,
  plan: { tier: 'pro' | 'team'; seats?: number; group_name?: string },
): Promise<void> {
  const email = testEmail('admin');
  const { password } = await createAdmin(h.server.sql, email, 'Ada Admin');
  const context = await h.browser.newContext();
  try {
    const signIn = await context.request.post(`${h.server.origin}/users/sign_in.json`, { data: { email, password } });
    const { csrf_token } = (await signIn.json()) as { csrf_token: string };
    const res = await context.request.put(`${h.server.origin}/admin/users/${userId}/plan.json`, {
      data: plan,
      headers: { 'X-CSRF-Token': csrf_token },
    });
    if (res.status() !== 200) throw new Error(`set plan failed: ${res.status()} ${await res.text()}`);
  } finally {
    await context.close();
  }
}

/** The first link to this server's pages in the newest mail to `to` (bodies are quoted-printable),
 * waiting for it: a reset mail is sent after the answer. */
export async function mailedLink(h: Harness, to: string, path: string): Promise<string | null> {
  const mail = await awaitMailTo(h.server.config, to);
  const match = mail?.match(new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, '\\$&')}[^\\s]*`));
  return match ? match[0] : null;
}
