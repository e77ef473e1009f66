import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { signedInAdmin, signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../../../testing/http-client.ts';
import { createAdmin } from './create-admin.ts';

const adminToken = 'admin-routes-test-token-0123456789abcdef';
const sql = testDb(3);
const app = createApp({ config: loadConfig({ ADMIN_TOKEN: adminToken }), sql, logger: createLogger('silent') });
afterAll(() => sql.end());

describe('the first admin', () => {
  it('is created with a printed password that signs in to an admin session', async () => {
    const email = uniqueEmail('first-admin');
    const { password, created } = await createAdmin(sql, email, 'First Admin');
    expect(created).toBe(true);
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}-7$/);
    const browser = new TestBrowser(app);
    expect((await browser.signIn(email, password)).status).toBe(200);
    expect(await browser.session()).toMatchObject({ level: 'admin', user: { is_admin: true } });
  });

  it('turns an existing user into an admin and signs out their sessions', async () => {
    const email = uniqueEmail('promoted');
    const before = new TestBrowser(app);
    await before.register(email);
    const { created, password } = await createAdmin(sql, email);
    expect(created).toBe(false);
    expect((await before.session()).level).toBe('anonymous');
    const after = new TestBrowser(app);
    await after.signIn(email, password);
    expect((await after.session()).level).toBe('admin');
  });
});

describe('the admin pages', () => {
  it('answer 404 to everyone but admins (anonymous, a Starter user, a Pro manager)', async () => {
    const { browser: free } = await signedInUser(app, sql, 'free');
    const { browser: pro } = await signedInUser(app, sql, 'pro');
    for (const browser of [new TestBrowser(app), free, pro]) {
      for (const path of [
        '/admin/overview.json',
        '/admin/users.json',
        '/admin/user_profiles.json',
        '/admin/requests.json',
        '/admin/search_feedback.json',
      ]) {
        expect((await browser.get(path)).status, path).toBe(404);
      }
    }
  });

  it('count users and find them by name or email; ADMIN_TOKEN works for automation', async () => {
    const admin = await signedInAdmin(app, sql);
    const { email } = await signedInUser(app, sql, 'free');
    const overview = (await admin.get('/admin/overview.json')).json;
    expect(overview.users).toBeGreaterThan(0);
    expect(Object.keys(overview)).toEqual(
      expect.arrayContaining(['users', 'pro_groups', 'team_groups', 'lookups_today']),
    );
    const found = (await admin.get(`/admin/users.json?q=${encodeURIComponent(email.toLowerCase().slice(0, 14))}`)).json
      .users;
    expect(found.some((u: { email: string }) => u.email === email)).toBe(true);
    const byToken = await new TestBrowser(app).get('/admin/users.json?q=%25', {
      Authorization: `Bearer ${adminToken}`,
    });
    expect(byToken.status).toBe(200);
  });

  it('set a user’s plan: Pro makes a group with the user as manager, and the session follows at once', async () => {
    const admin = await signedInAdmin(app, sql);
    const { browser, userId } = await signedInUser(app, sql, 'free');
    expect((await browser.session()).display_level).toBe('Starter');
    const set = await admin.put(`/admin/users/${userId}/plan.json`, {
      tier: 'pro',
      group_name: `Acres ${process.pid} ${userId}`,
    });
    expect(set.json.group).toMatchObject({ tier: 'pro', seats: 1 });
    expect(await browser.session()).toMatchObject({
      level: 'pro',
      display_level: 'Pro',
      has_sitecontrol: true,
      group: { is_manager: true, tier: 'pro' },
    });
    await admin.put(`/admin/users/${userId}/plan.json`, { tier: 'team', seats: 5 });
    expect((await browser.session()).display_level).toBe('Team');
    const [entry] = await sql`SELECT action FROM audit_log WHERE target_user_id = ${userId} ORDER BY id DESC LIMIT 1`;
    expect(entry!.action).toBe('set_plan');
  });

  it('refuse an invalid account name with the spec’s message', async () => {
    const admin = await signedInAdmin(app, sql);
    const { userId } = await signedInUser(app, sql, 'free');
    const res = await admin.put(`/admin/users/${userId}/plan.json`, { tier: 'pro', group_name: 'example.com' });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toContain(
      'That account name must not be a URL, is too short, reserved, or needs at least one letter: please try another one.',
    );
  });

  it('let an admin act as a user and switch back, both recorded', async () => {
    const admin = await signedInAdmin(app, sql);
    const adminId = (await admin.session()).user.id;
    const { userId, email } = await signedInUser(app, sql, 'free');
    expect((await admin.post(`/admin/sign_in_as/${userId}`)).status).toBe(200);
    expect(await admin.session()).toMatchObject({ level: 'free', acting_as: true, user: { email } });
    // While acting, the admin pages are closed: the session is the user's.
    expect((await admin.get('/admin/overview.json')).status).toBe(404);
    expect((await admin.post('/admin/sign_in_as/last')).json.redirect_url).toBe('/admin/users');
    expect(await admin.session()).toMatchObject({ level: 'admin', acting_as: false, user: { id: adminId } });
    const actions = (await sql`SELECT action FROM audit_log WHERE actor_id = ${adminId} ORDER BY id`).map(
      (r) => r.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['sign_in_as', 'switch_back']));
    // A user who is not acting has nothing to switch back to.
    const { browser } = await signedInUser(app, sql, 'free');
    expect((await browser.post('/admin/sign_in_as/last')).status).toBe(404);
  });

  /** An admin acting as a fresh free user; the acting browser, the admin's email and password. */
  const acting = async () => {
    const email = uniqueEmail('m13-admin');
    const { password, userId: adminId } = await createAdmin(sql, email, 'Acting Admin');
    const admin = new TestBrowser(app);
    expect((await admin.signIn(email, password)).status).toBe(200);
    const { userId } = await signedInUser(app, sql, 'free');
    expect((await admin.post(`/admin/sign_in_as/${userId}`)).status).toBe(200);
    return { admin, email, password, adminId };
  };

  it("M13: an acting session ends with every revocation of the admin's sessions, and switching back needs a live admin session", async () => {
    const { admin, email, adminId } = await acting();
    // The admin's password is reset elsewhere (here: the admin command), which revokes their sessions.
    await createAdmin(sql, email);
    expect((await admin.session()).level).toBe('anonymous');
    expect((await admin.post('/admin/sign_in_as/last')).status).toBe(404);
    const [live] = await sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${adminId} AND revoked_at IS NULL`;
    expect(live!.n).toBe(0);
  });

  it('M13: switching back needs the admin to still be an admin, and resumes their session instead of minting one', async () => {
    const { admin, adminId } = await acting();
    const before = await sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${adminId}`;
    expect((await admin.post('/admin/sign_in_as/last')).status).toBe(200);
    expect(await admin.session()).toMatchObject({ level: 'admin', user: { id: adminId } });
    // One row per session: the resumed one replaced the old, which stopped working.
    const [live] = await sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${adminId} AND revoked_at IS NULL`;
    expect(live!.n).toBe(1);
    expect((await sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${adminId}`)[0]!.n).toBe(
      before[0]!.n + 1,
    );

    const demoted = await acting();
    await sql`UPDATE users SET is_admin = false WHERE id = ${demoted.adminId}`;
    expect((await demoted.admin.post('/admin/sign_in_as/last')).status).toBe(401);
    expect((await demoted.admin.session()).level).toBe('anonymous');
  });

  it('M13: an acting session lasts one hour from its start and does not slide', async () => {
    const { admin } = await acting();
    const session = await admin.session();
    expect(session.acting_as).toBe(true);
    const [row] = await sql<{ minutes: number }[]>`
      SELECT extract(epoch FROM expires_at - created_at) / 60 AS minutes FROM sessions WHERE acting_admin_id IS NOT NULL AND revoked_at IS NULL AND user_id = ${session.user.id}`;
    expect(Number(row!.minutes)).toBeLessThanOrEqual(60);
    await sql`UPDATE sessions SET last_seen_at = now() - interval '2 hours' WHERE user_id = ${session.user.id} AND acting_admin_id IS NOT NULL`;
    await admin.session();
    const [after] = await sql<{ minutes: number }[]>`
      SELECT extract(epoch FROM expires_at - created_at) / 60 AS minutes FROM sessions WHERE acting_admin_id IS NOT NULL AND user_id = ${session.user.id}`;
    expect(Number(after!.minutes)).toBeLessThanOrEqual(60);
    await sql`UPDATE sessions SET created_at = now() - interval '61 minutes', expires_at = now() - interval '1 minute' WHERE user_id = ${session.user.id} AND acting_admin_id IS NOT NULL`;
    expect((await admin.session()).level).toBe('anonymous');
  });

  it('M13: an admin cannot act as another admin', async () => {
    const admin = await signedInAdmin(app, sql);
    const { userId: otherAdmin } = await createAdmin(sql, uniqueEmail('other-admin'));
    const res = await admin.post(`/admin/sign_in_as/${otherAdmin}`);
    expect(res.status).toBe(403);
    expect(await admin.session()).toMatchObject({ level: 'admin', acting_as: false });
  });

  it('list profile answers, place requests and search feedback', async () => {
    const admin = await signedInAdmin(app, sql);
    const email = uniqueEmail('profile');
    await new TestBrowser(app).post('/users.json', {
      user: {
        name: 'Jo Surveyor',
        email,
        password: 'prof1le-pw',
        preferences: { profile_answers: { job_title: 'Surveyor', industry: 'Land Surveying' } },
      },
    });
    const profiles = (await admin.get('/admin/user_profiles.json')).json.profiles;
    expect(profiles.find((p: { email: string }) => p.email === email)).toMatchObject({
      job_title: 'Surveyor',
      industry: 'Land Surveying',
    });
    await new TestBrowser(app).post('/requests', {
      path: `/us/nh/admin-test-${process.pid}`,
      name: 'N',
      contact: 'n@example.org',
      comment: 'c',
    });
    expect(
      (await admin.get('/admin/requests.json')).json.requests.some(
        (r: { path: string }) => r.path === `/us/nh/admin-test-${process.pid}`,
      ),
    ).toBe(true);
    expect((await admin.get('/admin/search_feedback.json')).status).toBe(200);
  });
});
