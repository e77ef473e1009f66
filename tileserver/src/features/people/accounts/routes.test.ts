import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { createMailer } from '../../../mail/mailer.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../../../testing/http-client.ts';
import * as passwords from '../../../auth/passwords.ts';
import { awaitMailedToken, awaitMailTo } from '../../../testing/outbox.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'accounts-test-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  SIGN_IN_FAILURES_MAX: '4',
  SIGNUPS_PER_HOUR: '3',
  PUBLIC_URL: 'https://parcels.example.org',
  PAYMENT_PROVIDER: 'local',
});
const sql = testDb(2);
const app = createApp({ config, sql, logger: createLogger('silent') });
afterAll(() => sql.end());

let serial = 0;
const newClient = () => `203.0.113.${200 + (++serial % 50)}`;

class Browser extends TestBrowser {
  constructor(address?: string) {
    super(app, address);
  }
  get cookie() {
    return this.cookies.get('pm_session') ?? '';
  }
  set cookie(value: string) {
    this.cookies.set('pm_session', value);
  }
}

describe('registering', () => {
  it('creates a free (Starter) user, signs them in with an HttpOnly SameSite=Lax cookie and stores only a hash', async () => {
    const browser = new Browser();
    const email = uniqueEmail('new');
    const res = await browser.register(email, 'tr0ub4dor');
    expect(res.status).toBe(201);
    expect(res.json.user).toMatchObject({ name: 'Ada Lovelace', email });
    const setCookie = res.headers.get('set-cookie');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    // PUBLIC_URL is https in this file: the cookie is Secure although the test request is plain http.
    expect(setCookie).toMatch(/Secure/i);
    expect(await browser.session()).toMatchObject({
      level: 'free',
      display_level: 'Starter',
      has_sitecontrol: false,
      user: { email },
      group: null,
    });
    const [row] = await sql`SELECT password_hash FROM users WHERE email = ${email}`;
    expect(row!.password_hash).toMatch(/^scrypt\$17\$8\$1\$/);
    expect(row!.password_hash).not.toContain('tr0ub4dor');
  });

  it('refuses a short password, a short name and a bad email, with the hint of the password rule', async () => {
    const weak = await new Browser().register(uniqueEmail('weak'), 'abc-123');
    expect(weak.status).toBe(400);
    expect(weak.json.error.message).toContain(
      'Use at least 8 characters (up to 128); a common password such as "password1" is refused.',
    );
    expect(
      (
        await new Browser().request('POST', '/users.json', {
          user: { name: 'A', email: uniqueEmail('x'), password: 'abc-1234' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await new Browser().request('POST', '/users.json', {
          user: { name: 'Ab', email: 'not-an-email', password: 'abc-1234' },
        })
      ).status,
    ).toBe(400);
  });

  it('M7: follows NIST 800-63B: 8 to 128 characters, no common password, no composition rule', async () => {
    for (const refused of ['seven-7', 'Password1', 'QWERTYUIOP', 'iloveyou', 'aaaaaaaaaaa', 'x'.repeat(129)]) {
      expect((await new Browser().register(uniqueEmail('nist'), refused)).status, refused).toBe(400);
    }
    for (const accepted of ['correct horse battery staple', 'lettersonly', 'ünïcødé-pässwörd']) {
      expect((await new Browser().register(uniqueEmail('nist'), accepted)).status, accepted).toBe(201);
    }
  });

  it('M7: verifies a password stored with the old scrypt parameters and re-hashes it at sign-in', async () => {
    const email = uniqueEmail('rehash');
    await new Browser().register(email);
    // The hash the previous release stored for 'secret-pass-1' (N=2^15), made the way it made them.
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.alloc(16, 7);
    const old = [
      'scrypt',
      15,
      8,
      1,
      salt.toString('base64url'),
      scryptSync('secret-pass-1', salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }).toString('base64url'),
    ].join('$');
    await sql`UPDATE users SET password_hash = ${old} WHERE email = ${email}`;
    expect((await new Browser().signIn(email)).status).toBe(200);
    const [row] = await sql<{ password_hash: string }[]>`SELECT password_hash FROM users WHERE email = ${email}`;
    expect(row!.password_hash).toMatch(/^scrypt\$17\$8\$1\$/);
    expect((await new Browser().signIn(email)).status).toBe(200);
  });

  it('M6: limits sign-ups per client address (SIGNUPS_PER_HOUR), before any hashing', async () => {
    const address = newClient();
    for (let i = 0; i < 3; i++) expect((await new Browser(address).register(uniqueEmail('flood'))).status).toBe(201);
    const fourth = await new Browser(address).register(uniqueEmail('flood'));
    expect(fourth.status).toBe(429);
    expect(fourth.json.error.message).toMatch(/Too many new accounts/);
    expect((await new Browser(newClient()).register(uniqueEmail('flood'))).status).toBe(201);
  });

  it('M6: runs at most two password hashes at once, however many sign-ins arrive together', async () => {
    // Six accounts: since N1 a sign-in holds no app-gate slot while it hashes, so six parallel sign-ins
    // of ONE email would all be pending at once and those past SIGN_IN_FAILURES_MAX (4 here) be refused.
    const emails = Array.from({ length: 6 }, () => uniqueEmail('cap'));
    for (const email of emails) await new Browser().register(email);
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, passwords.hashLoad().running)), 5);
    const answers = await Promise.all(emails.map((email) => new Browser().signIn(email)));
    clearInterval(watch);
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
  });

  it('treats emails case-insensitively: a second account with the same email is a 409', async () => {
    const email = uniqueEmail('twice');
    expect((await new Browser().register(email)).status).toBe(201);
    const again = await new Browser().register(email.toUpperCase());
    expect(again.status).toBe(409);
  });

  it('stores a SQL-looking name and email as plain text', async () => {
    const name = "Robert'); DROP TABLE users;--";
    const email = `o'hara+${process.pid}-${++serial}@example.org`;
    const res = await new Browser().register(email, 'pa55-word-9', name);
    expect(res.status).toBe(201);
    expect(res.json.user.name).toBe(name);
    const [row] = await sql`SELECT name FROM users WHERE email = ${email}`;
    expect(row!.name).toBe(name);
  });
});

describe('signing in and out', () => {
  it('gives a wrong password and an unknown email the same answer', async () => {
    const email = uniqueEmail('same');
    await new Browser().register(email);
    const wrong = await new Browser().request('POST', '/users/sign_in.json', { email, password: 'nope123' });
    const unknown = await new Browser().request('POST', '/users/sign_in.json', {
      email: uniqueEmail('ghost'),
      password: 'nope123',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json.error.message).toBe(unknown.json.error.message);
    expect(wrong.json.error.message).toBe('Invalid email or password.');
  });

  it('rotates the session at sign-in and revokes it at sign-out', async () => {
    const email = uniqueEmail('rotate');
    const first = new Browser();
    await first.register(email);
    const before = first.cookie;
    const signedIn = await first.request('POST', '/users/sign_in.json', {
      email: email.toUpperCase(),
      password: 'secret-pass-1',
      redirect: '/us/ma',
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.redirect_url).toBe('/us/ma');
    expect(first.cookie).not.toBe(before);
    const stolen = first.cookie;
    const out = await first.request('POST', '/users/sign_out.json?return_to=/us/ma/middlesex');
    expect(out.json.redirect_url).toBe('/us/ma/middlesex');
    const replay = new Browser();
    replay.cookie = stolen;
    expect((await replay.session()).level).toBe('anonymous');
  });

  it('slides the session expiry forward when it was last seen over an hour ago', async () => {
    const email = uniqueEmail('slide');
    const browser = new Browser();
    await browser.register(email);
    const user = sql`SELECT id FROM users WHERE email = ${email}`;
    await sql`UPDATE sessions SET last_seen_at = now() - interval '2 hours', expires_at = now() + interval '1 day' WHERE user_id = (${user})`;
    expect((await browser.session()).user.email).toBe(email);
    const [row] = await sql<
      { days: number }[]
    >`SELECT extract(epoch FROM expires_at - now()) / 86400 AS days FROM sessions WHERE user_id = (${user}) AND revoked_at IS NULL`;
    expect(Number(row!.days)).toBeGreaterThan(29);
  });

  it('never follows a redirect to another origin', async () => {
    const email = uniqueEmail('redirect');
    const browser = new Browser();
    await browser.register(email);
    for (const redirect of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
    ]) {
      const res = await new Browser().request('POST', '/users/sign_in.json', {
        email,
        password: 'secret-pass-1',
        redirect,
      });
      expect(res.json.redirect_url, redirect).toBeNull();
    }
  });

  it("Low 6: after too many failures for one email, a browser without a device cookie waits even with the right password, and the owner's browser gets in", async () => {
    const email = uniqueEmail('brute');
    const owner = new Browser();
    await owner.register(email);
    expect(owner.cookies.get('pm_device')).toBeDefined();
    await owner.request('POST', '/users/sign_out.json');
    for (let i = 0; i < 4; i++)
      expect(
        (await new Browser().request('POST', '/users/sign_in.json', { email, password: `wrong${i}` })).status,
      ).toBe(401);
    const blocked = await new Browser().request('POST', '/users/sign_in.json', { email, password: 'secret-pass-1' });
    expect(blocked.status).toBe(429);
    expect(blocked.json.error.message).toMatch(/Too many failed sign-in attempts/);
    // The owner's browser signed in before: the attacker's failures do not lock it out.
    expect((await owner.request('POST', '/users/sign_in.json', { email, password: 'secret-pass-1' })).status).toBe(200);
    // A device cookie of another account, or a made-up one, is no way around the lockout.
    const other = new Browser();
    await other.register(uniqueEmail('other'));
    expect((await other.request('POST', '/users/sign_in.json', { email, password: 'secret-pass-1' })).status).toBe(429);
    const forged = new Browser();
    forged.cookies.set('pm_device', 'A'.repeat(43));
    expect((await forged.request('POST', '/users/sign_in.json', { email, password: 'secret-pass-1' })).status).toBe(
      429,
    );
  });

  it('Low 6: a device cookie has a failure budget of its own, so it cannot be used to keep guessing', async () => {
    const email = uniqueEmail('device-budget');
    const owner = new Browser();
    await owner.register(email);
    for (let i = 0; i < 4; i++)
      expect((await owner.request('POST', '/users/sign_in.json', { email, password: `wrong-${i}-x` })).status).toBe(
        401,
      );
    expect((await owner.request('POST', '/users/sign_in.json', { email, password: 'secret-pass-1' })).status).toBe(429);
  });

  it("H4 and N1: twelve failed sign-ins of other accounts from one address do not refuse the right password from the account's own browser there; a browser without its device cookie gets 429 without a hash", async () => {
    const shared = newClient();
    const email = uniqueEmail('neighbour');
    // The neighbour's browser signed in before (a device cookie of the account), and is now behind `shared`.
    const neighbourBrowser = new Browser();
    await neighbourBrowser.register(email);
    await neighbourBrowser.request('POST', '/users/sign_out.json');
    for (let i = 0; i < 12; i++)
      await new Browser(shared).request('POST', '/users/sign_in.json', {
        email: uniqueEmail('spray'),
        password: 'wrong-pass',
      });
    const before = passwords.hashLoad().started;
    const stranger = await new Browser(shared).request('POST', '/users/sign_in.json', {
      email,
      password: 'secret-pass-1',
    });
    expect(stranger.status).toBe(429);
    expect(stranger.headers.get('retry-after')).toBe('600');
    expect(passwords.hashLoad().started).toBe(before);
    const neighbour = new Browser(shared);
    for (const [name, value] of neighbourBrowser.cookies) neighbour.cookies.set(name, value);
    neighbour.csrf = neighbourBrowser.csrf;
    const signedIn = await neighbour.request('POST', '/users/sign_in.json', { email, password: 'secret-pass-1' });
    expect(signedIn.status).toBe(200);
    // ...while the one spraying still gets 429 for every wrong guess.
    expect(
      (await new Browser(shared).request('POST', '/users/sign_in.json', { email, password: 'wrong-pass' })).status,
    ).toBe(429);
  });

  it('M7: fifty parallel wrong sign-ins for one email get at most SIGN_IN_FAILURES_MAX password checks', async () => {
    const email = uniqueEmail('parallel');
    await new Browser().register(email);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        new Browser().request('POST', '/users/sign_in.json', { email, password: `guess-${i}-x` }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(46);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it('answers 429 after too many failures from one address across emails', async () => {
    const attacker = newClient();
    for (let i = 0; i < 4; i++)
      await new Browser(attacker).request('POST', '/users/sign_in.json', {
        email: uniqueEmail('spray'),
        password: 'wrong1',
      });
    expect(
      (
        await new Browser(attacker).request('POST', '/users/sign_in.json', {
          email: uniqueEmail('spray'),
          password: 'wrong1',
        })
      ).status,
    ).toBe(429);
  });
});

describe('editing the account', () => {
  it('refuses a cookie request without the CSRF token', async () => {
    const browser = new Browser();
    await browser.register(uniqueEmail('csrf'));
    const res = await browser.request('PUT', '/users/edit.json', { name: 'Grace Hopper' }, { 'X-CSRF-Token': '' });
    expect(res.status).toBe(403);
    expect((await browser.request('PUT', '/users/edit.json', { name: 'Grace Hopper' })).json.user.name).toBe(
      'Grace Hopper',
    );
  });

  it('needs the current password to change the password, and signs out every other session', async () => {
    const email = uniqueEmail('change');
    const laptop = new Browser();
    await laptop.register(email);
    const phone = new Browser();
    await phone.request('POST', '/users/sign_in.json', { email, password: 'secret-pass-1' });
    expect((await laptop.request('PUT', '/users/edit.json', { password: 'n3w-pass' })).status).toBe(403);
    expect(
      (await laptop.request('PUT', '/users/edit.json', { password: 'n3w-pass', current_password: 'secret-pass-1' }))
        .status,
    ).toBe(200);
    expect((await laptop.session()).user.email).toBe(email);
    expect((await phone.session()).level).toBe('anonymous');
    expect((await new Browser().request('POST', '/users/sign_in.json', { email, password: 'n3w-pass' })).status).toBe(
      200,
    );
  });

  it('Low 5: an email change signs out every other session', async () => {
    const email = uniqueEmail('move');
    const laptop = new Browser();
    await laptop.register(email);
    const phone = new Browser();
    await phone.signIn(email);
    const moved = await laptop.request('PUT', '/users/edit.json', {
      email: uniqueEmail('moved'),
      current_password: 'secret-pass-1',
    });
    expect(moved.status).toBe(200);
    expect((await laptop.session()).level).toBe('free');
    expect((await phone.session()).level).toBe('anonymous');
  });

  it('Low 5: a password change revokes reset links already mailed', async () => {
    const email = uniqueEmail('reset-then-change').toLowerCase();
    const browser = new Browser();
    await browser.register(email);
    await new Browser().request('POST', '/users/password.json', { email });
    const token = await awaitMailedToken(config, email, 'reset_password_token');
    expect(
      (
        await browser.request('PUT', '/users/edit.json', {
          password: 'n3w-pass-word',
          current_password: 'secret-pass-1',
        })
      ).status,
    ).toBe(200);
    expect((await new Browser().request('PUT', '/users/password.json', { token, password: 'attacker-9' })).status).toBe(
      400,
    );
  });

  it('answers at the spec’s PUT /users/edit as well', async () => {
    const browser = new Browser();
    await browser.register(uniqueEmail('spec-route'));
    expect((await browser.request('PUT', '/users/edit', { name: 'Katherine Johnson' })).json.user.name).toBe(
      'Katherine Johnson',
    );
  });

  it('cannot be done with an API token or anonymously', async () => {
    expect((await new Browser().request('PUT', '/users/edit.json', { name: 'Nobody' })).status).toBe(401);
  });
});

describe('resetting a password by email', () => {
  // The mail goes out after the answer (low 2), so the test waits for it.
  const linkIn = (to: string) => awaitMailedToken(config, to, 'reset_password_token');

  it('mails a link that works once within the hour, answering the same for unknown emails', async () => {
    const email = uniqueEmail('reset').toLowerCase();
    await new Browser().register(email);
    const known = await new Browser().request('POST', '/users/password.json', { email });
    const unknown = await new Browser().request('POST', '/users/password.json', { email: uniqueEmail('nobody') });
    expect(known.json).toEqual(unknown.json);
    const token = await linkIn(email);
    expect(token).toBeDefined();
    const browser = new Browser();
    expect((await browser.request('PUT', '/users/password.json', { token, password: 'fresh-pass-99' })).status).toBe(
      200,
    );
    expect((await browser.session()).user.email).toBe(email);
    expect(
      (await new Browser().request('PUT', '/users/password.json', { token, password: 'again-pass-99' })).status,
    ).toBe(400);
    expect(
      (await new Browser().request('POST', '/users/sign_in.json', { email, password: 'fresh-pass-99' })).status,
    ).toBe(200);
  });

  it('Low 5: a completed reset revokes the other reset links still out', async () => {
    const email = uniqueEmail('two-links').toLowerCase();
    await new Browser().register(email);
    await new Browser().request('POST', '/users/password.json', { email });
    const first = (await awaitMailedToken(config, email, 'reset_password_token'))!;
    await new Promise((r) => setTimeout(r, 5));
    await new Browser().request('POST', '/users/password.json', { email });
    const second = (await awaitMailedToken(config, email, 'reset_password_token', first))!;
    expect(second).not.toBe(first);
    expect(
      (await new Browser().request('PUT', '/users/password.json', { token: second, password: 'fresh-pass-9' })).status,
    ).toBe(200);
    expect(
      (await new Browser().request('PUT', '/users/password.json', { token: first, password: 'attacker-9' })).status,
    ).toBe(400);
  });

  it('H3: a password-reset request with a forged Host header mails a link to PUBLIC_URL', async () => {
    const email = uniqueEmail('forged-host').toLowerCase();
    await new Browser().register(email);
    const res = await app.request(
      'http://attacker.example/users/password.json',
      {
        method: 'POST',
        headers: {
          Host: 'attacker.example',
          'Content-Type': 'application/json',
          'X-Forwarded-Host': 'attacker.example',
        },
        body: JSON.stringify({ email }),
      },
      { incoming: { socket: { remoteAddress: newClient() } } },
    );
    expect(res.status).toBe(200);
    const mail = (await awaitMailTo(config, email))!;
    expect(mail).toContain('https://parcels.example.org/users/password/edit?reset_password_token=');
    expect(mail).not.toContain('attacker.example');
    // The default (no PUBLIC_URL): the link is http://localhost:PORT, never the forged host.
    const byDefault = createApp({ config: loadConfig({ DATA_DIR: dataDir }), sql, logger: createLogger('silent') });
    await byDefault.request(
      'http://attacker.example/users/password.json',
      {
        method: 'POST',
        headers: { Host: 'attacker.example', 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      },
      { incoming: { socket: { remoteAddress: newClient() } } },
    );
    const second = (await awaitMailTo(config, email, mail))!;
    expect(second).not.toBe(mail);
    expect(second).toContain('http://localhost:8080/users/password/edit?reset_password_token=');
    expect(second).not.toContain('attacker.example');
  });

  it('L2: a password-reset request answers a known and an unknown email in the same time, before the mail is sent', async () => {
    // A mail server that takes 300 ms (an SMTP round trip, slow on a bad day): before the fix a known
    // email answered after it, an unknown one at once.
    const outbox = createMailer(config);
    const slowSmtp = {
      target: 'slow smtp',
      send: async (mail: Parameters<typeof outbox.send>[0]) => {
        await new Promise((r) => setTimeout(r, 300));
        await outbox.send(mail);
      },
    };
    const slowApp = createApp({ config, sql, logger: createLogger('silent'), mailer: slowSmtp });
    const email = uniqueEmail('timing').toLowerCase();
    await new Browser().register(email);
    const timed = async (address: string) => {
      const started = performance.now();
      const res = await new TestBrowser(slowApp, newClient()).request('POST', '/users/password.json', {
        email: address,
      });
      expect(res.status).toBe(200);
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    await timed(uniqueEmail('warm-up'));
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 10; i++) {
      known.push(await timed(email));
      unknown.push(await timed(uniqueEmail('nobody')));
    }
    console.log(
      `password reset request, median of 10: known ${median([...known]).toFixed(1)} ms, unknown ${median([...unknown]).toFixed(1)} ms`,
    );
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(5);
    expect(median(known)).toBeLessThan(300);
    // The mail still goes out, after the answer.
    expect(await linkIn(email)).toBeDefined();
  });

  it('refuses a link older than one hour', async () => {
    const email = uniqueEmail('late').toLowerCase();
    await new Browser().register(email);
    await new Browser().request('POST', '/users/password.json', { email });
    const token = (await linkIn(email))!;
    await sql`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = ${email})`;
    expect(
      (await new Browser().request('PUT', '/users/password.json', { token, password: 'late-pass-123' })).status,
    ).toBe(400);
  });
});

describe('malformed account requests', () => {
  it('answers 1,000 malformed requests with 4xx JSON and never a 5xx', async () => {
    const bodies: unknown[] = [
      null,
      [],
      'x',
      42,
      {},
      { user: null },
      { user: { name: 5 } },
      { email: {} },
      { email: 'a@b', password: null },
      { token: 'short' },
    ];
    const routes: [string, string][] = [
      ['POST', '/users.json'],
      ['POST', '/users/sign_in.json'],
      ['PUT', '/users/edit.json'],
      ['POST', '/users/password.json'],
      ['PUT', '/users/password.json'],
    ];
    const statuses = new Set<number>();
    for (let i = 0; i < 1000; i++) {
      const [method, path] = routes[i % routes.length]!;
      const body = i % 7 === 0 ? '{"unterminated' : JSON.stringify(bodies[i % bodies.length]);
      const res = await app.request(
        path,
        { method, body, headers: { 'Content-Type': i % 11 === 0 ? 'text/plain' : 'application/json' } },
        { incoming: { socket: { remoteAddress: `198.18.${i % 250}.1` } } },
      );
      statuses.add(res.status);
      expect(res.headers.get('content-type')).toContain('application/json');
    }
    expect([...statuses].filter((s) => s < 400 || s >= 500)).toEqual([]);
  });
});
