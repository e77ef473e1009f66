import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { invitedMember, signedInAdmin, signedInUser } from '../../../testing/accounts.ts';
import { testDb } from '../../../testing/db.ts';
import { mailedToken, newestMailTo } from '../../../testing/outbox.ts';
import { secretHash } from '../../../auth/sessions.ts';
import { TestBrowser, uniqueEmail } from '../../../testing/http-client.ts';
import { accountNameIsValid, duplicateAccountName } from '@parcel-map/contracts/people/groups';

const config = loadConfig({
  DATA_DIR: mkdtempSync(join(tmpdir(), 'groups-test-')),
  PUBLIC_URL: 'https://parcels.example.org',
  PAYMENT_PROVIDER: 'local',
});
const sql = testDb(3);
const app = createApp({ config, sql, logger: createLogger('silent') });
afterAll(() => sql.end());

const invitationToken = (to: string) => mailedToken(config, to, 'token');

describe('account names', () => {
  it.each([
    ['Acme Land', true],
    ['Ab', false],
    ['123 456', false],
    ['United States', false],
    ['united  states', false],
    ['example.com', false],
    ['https://acme.example', false],
    ['www.acme', false],
    ['Smith & Sons Surveying', true],
    ['Mt. Auburn Realty', true],
    ['x'.repeat(101), false],
  ])('%s is %s', (name, valid) => {
    expect(accountNameIsValid(name)).toBe(valid);
  });

  it('has the duplicate message of the spec', () => {
    expect(duplicateAccountName).toBe('It appears you have already selected this account name, please try another.');
  });

  it('finds an exact duplicate case-insensitively for the checkout’s check on blur', async () => {
    const admin = await signedInAdmin(app, sql);
    const { userId } = await signedInUser(app, sql, 'free');
    const name = `Granite Parcels ${process.pid}`;
    await admin.put(`/admin/users/${userId}/plan.json`, { tier: 'pro', group_name: name });
    const found = await new TestBrowser(app).get(
      `/search/groups.json?query=${encodeURIComponent(name.toUpperCase())}&exact=true`,
    );
    expect(found.json).toEqual([{ name, path: expect.stringMatching(/^\/g\/granite-parcels-/) }]);
    expect(
      (await new TestBrowser(app).get(`/search/groups.json?query=${encodeURIComponent(`Other ${name}`)}&exact=true`))
        .json,
    ).toEqual([]);
  });
});

describe('the Members Dashboard', () => {
  it('lets a manager invite by email; the invitee signs up, accepts, and joins with the group’s level', async () => {
    const { browser: manager } = await signedInUser(app, sql, 'team');
    const inviteeEmail = uniqueEmail('invitee').toLowerCase();
    expect((await manager.post('/users/invitations.json', { email: inviteeEmail, role: 'member' })).status).toBe(201);
    const token = invitationToken(inviteeEmail);
    expect(token).toBeDefined();
    const invitee = new TestBrowser(app);
    await invitee.register(inviteeEmail);
    expect((await invitee.post('/users/invitations/accept.json', { token })).status).toBe(200);
    expect(await invitee.session()).toMatchObject({ level: 'team', group: { is_manager: false } });
    const members = (await manager.get('/users/members.json')).json.members;
    expect(members.map((m: { email: string; role: string }) => [m.email, m.role])).toContainEqual([
      inviteeEmail,
      'member',
    ]);
    // A member who is not a manager cannot use the dashboard.
    expect((await invitee.get('/users/members.json')).status).toBe(403);
    expect((await invitee.post('/users/invitations.json', { email: uniqueEmail('x') })).status).toBe(403);
  });

  it('refuses an invitation beyond the seats and points to the billing page', async () => {
    const { browser: manager } = await signedInUser(app, sql, 'team'); // 3 seats: the manager and two more
    expect((await manager.post('/users/invitations.json', { email: uniqueEmail('seat1') })).status).toBe(201);
    expect((await manager.post('/users/invitations.json', { email: uniqueEmail('seat2') })).status).toBe(201);
    const full = await manager.post('/users/invitations.json', { email: uniqueEmail('seat3') });
    expect(full.status).toBe(409);
    expect(full.json.error.message).toMatch(/All 3 seats of this account are taken/);
    expect(full.json.error.details.billing_url).toMatch(/^\/g\/.+\/settings\/billing$/);
  });

  it('answers 404 for a member of another group, and keeps at least one manager', async () => {
    const { browser: managerA, userId: managerAId } = await signedInUser(app, sql, 'team');
    const { browser: managerB, userId: managerBId } = await signedInUser(app, sql, 'team');
    expect((await managerA.request('DELETE', `/users/members/${managerBId}.json`)).status).toBe(404);
    expect((await managerA.put(`/users/members/${managerBId}.json`, { role: 'member' })).status).toBe(404);
    expect((await managerB.session()).group.is_manager).toBe(true);
    expect((await managerA.put(`/users/members/${managerAId}.json`, { role: 'member' })).status).toBe(409);
  });

  it('H3: an invitation requested with a forged Host header mails a link to PUBLIC_URL', async () => {
    const { browser: manager } = await signedInUser(app, sql, 'team');
    const invited = uniqueEmail('forged-host').toLowerCase();
    expect(
      (await manager.post('/users/invitations.json', { email: invited }, { Host: 'attacker.example' })).status,
    ).toBe(201);
    const mail = newestMailTo(config, invited)!;
    expect(mail).toContain('https://parcels.example.org/users/invitation?token=');
    expect(mail).not.toContain('attacker.example');
    // The default (no PUBLIC_URL): the link is http://localhost:PORT, never the forged host.
    const byDefault = createApp({
      config: loadConfig({ DATA_DIR: config.DATA_DIR }),
      sql,
      logger: createLogger('silent'),
    });
    const { browser: other } = await signedInUser(byDefault, sql, 'team');
    const second = uniqueEmail('forged-default').toLowerCase();
    expect((await other.post('/users/invitations.json', { email: second }, { Host: 'attacker.example' })).status).toBe(
      201,
    );
    expect(newestMailTo(config, second)).toContain('http://localhost:8080/users/invitation?token=');
    expect(newestMailTo(config, second)).not.toContain('attacker.example');
  });

  it("Low 23: an invitation keeps the inviter's and the account's names out of the subject, quoted and cut short in the body", async () => {
    const { browser: manager } = await signedInUser(app, sql, 'team');
    const spoof = 'Security Team\n\nYour account is locked, call +1 555 0100 now or lose your data forever and ever';
    expect((await manager.put('/users/edit.json', { name: spoof })).status).toBe(200);
    const invited = uniqueEmail('spoofed').toLowerCase();
    expect((await manager.post('/users/invitations.json', { email: invited })).status).toBe(201);
    const mail = newestMailTo(config, invited)!;
    const subject = /^subject: (.*)$/im.exec(mail)![1]!;
    expect(subject).toBe('You are invited to join an account on the parcel map');
    expect(mail).toContain('"Security Team Your account is locked, c');
    expect(mail).not.toContain('lose your data');
  });

  it('refuses an invitation accepted by a different email', async () => {
    const { browser: manager } = await signedInUser(app, sql, 'team');
    const invited = uniqueEmail('right').toLowerCase();
    await manager.post('/users/invitations.json', { email: invited });
    const stranger = new TestBrowser(app);
    await stranger.register(uniqueEmail('wrong'));
    expect((await stranger.post('/users/invitations/accept.json', { token: invitationToken(invited) })).status).toBe(
      404,
    );
  });
});

describe('the group API token', () => {
  it('is shown once, carries the group’s level for tile consumers, and the old one stops working when rotated', async () => {
    const { browser: manager } = await signedInUser(app, sql, 'pro');
    const first = (await manager.post('/users/api_token.json')).json.token as string;
    expect(first).toMatch(/^pmk_/);
    const asConsumer = (token: string) => new TestBrowser(app).get(`/api/v1/session.json?token=${token}`);
    expect((await asConsumer(first)).json.level).toBe('pro');
    const second = (await manager.post('/users/api_token.json')).json.token as string;
    expect((await asConsumer(second)).json.level).toBe('pro');
    expect((await asConsumer(first)).status).toBe(401);
    // A token cannot manage the account it belongs to.
    expect(
      (await new TestBrowser(app).post('/users/api_token.json', {}, { Authorization: `Bearer ${second}` })).status,
    ).toBe(401);
  });

  it('Low 22: a new token has the pmk_ prefix (not pm_ of payment methods), and a token issued with the old prefix still works', async () => {
    const { browser: manager, userId } = await signedInUser(app, sql, 'pro');
    const token = (await manager.post('/users/api_token.json')).json.token as string;
    expect(token).toMatch(/^pmk_[A-Za-z0-9_-]{43}$/);
    const old = `pm_${'B'.repeat(43)}`;
    const [{ id: groupId }] = (await sql`SELECT primary_group_id AS id FROM users WHERE id = ${userId}`) as unknown as [
      { id: string },
    ];
    await sql`UPDATE groups SET api_token_hash = ${secretHash(old)}, api_token_hint = ${old.slice(-4)} WHERE id = ${groupId}`;
    expect((await new TestBrowser(app).get(`/api/v1/session.json?token=${old}`)).json.level).toBe('pro');
  });
});

describe('revocation when people leave (Low 20)', () => {
  it('L20: a manager withdraws an open invitation: its link stops working and its seat is free again', async () => {
    const { browser: manager } = await signedInUser(app, sql, 'team');
    const invited = uniqueEmail('withdrawn').toLowerCase();
    expect((await manager.post('/users/invitations.json', { email: invited })).status).toBe(201);
    const before = (await manager.get('/users/members.json')).json;
    expect(before.invitations.map((i: { email: string }) => i.email)).toContain(invited);
    const member = await invitedMember(app, config, manager);
    expect((await member.request('DELETE', '/users/invitations.json', { email: invited })).status).toBe(403);
    const revoked = await manager.request('DELETE', '/users/invitations.json', { email: invited.toUpperCase() });
    expect(revoked.status).toBe(200);
    const after = (await manager.get('/users/members.json')).json;
    expect(after.invitations.map((i: { email: string }) => i.email)).not.toContain(invited);
    expect(after.group.seats_taken).toBe(before.group.seats_taken);
    const invitee = new TestBrowser(app);
    await invitee.register(invited);
    expect((await invitee.post('/users/invitations/accept.json', { token: invitationToken(invited) })).status).toBe(
      404,
    );
    expect((await manager.request('DELETE', '/users/invitations.json', { email: invited })).status).toBe(404);
    expect((await manager.request('DELETE', '/users/invitations.json', { email: 'not an email' })).status).toBe(400);
  });

  it('L20: removing a member or a manager replaces the group API token, which they may have kept', async () => {
    const { browser: manager } = await signedInUser(app, sql, 'team');
    const asConsumer = (token: string) => new TestBrowser(app).get(`/api/v1/session.json?token=${token}`);
    for (const role of ['member', 'manager'] as const) {
      const leaving = await invitedMember(app, config, manager, `Leaving ${role}`);
      const leavingId = (await manager.get('/users/members.json')).json.members.find(
        (m: { name: string }) => m.name === `Leaving ${role}`,
      ).user_id;
      if (role === 'manager')
        expect((await manager.put(`/users/members/${leavingId}.json`, { role })).status).toBe(200);
      const known = (await manager.post('/users/api_token.json')).json.token as string;
      expect((await asConsumer(known)).json.level).toBe('team');
      const removed = await manager.request('DELETE', `/users/members/${leavingId}.json`);
      expect(removed.status).toBe(200);
      expect((await asConsumer(known)).status).toBe(401);
      const replacement = removed.json.api_token.token as string;
      expect(replacement).toMatch(/^pmk_/);
      expect(removed.json.api_token.hint).toBe(replacement.slice(-4));
      expect((await asConsumer(replacement)).json.level).toBe('team');
    }
    // A group that never made a token gets none by removing someone.
    const { browser: tokenless } = await signedInUser(app, sql, 'team');
    const leaving = await invitedMember(app, config, tokenless, 'Leaving quietly');
    const id = (await tokenless.get('/users/members.json')).json.members.find(
      (m: { name: string }) => m.name === 'Leaving quietly',
    ).user_id;
    expect((await tokenless.request('DELETE', `/users/members/${id}.json`)).json).toEqual({
      status: 'ok',
      api_token: null,
    });
    expect((await leaving.get('/users/members.json')).status).toBe(404);
  });
});
