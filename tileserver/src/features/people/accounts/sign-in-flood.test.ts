// Security review 2, N1: a sign-in flood from one address must cost no app-gate slot while it waits
// for a hash, be limited per address and per email before any hash, be refused at once when the hash
// queue is full, and cost no hash past the address's failure budget (H4: the owner's browser with its
// device cookie still signs in; routes.test.ts has that case). The flood against a real server on a
// port is http/sign-in-flood.test.ts.
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.ts';
import * as passwords from '../../../auth/passwords.ts';
import { loadConfig } from '../../../config.ts';
import { createLogger } from '../../../logger.ts';
import { testDb } from '../../../testing/db.ts';
import { TestBrowser, uniqueEmail } from '../../../testing/http-client.ts';

const sql = testDb(3);
afterAll(() => sql.end());

const appWith = (env: Record<string, string>) =>
  createApp({ config: loadConfig({ PAYMENT_PROVIDER: 'local', ...env }), sql, logger: createLogger('silent') });

let serial = 0;
const newAddress = () => `198.51.100.${++serial}`;

/** Starts `n` hashes outside any route (filling the two hash slots and the queue); resolves when all end. */
const busyHashes = (n: number) => Promise.all(Array.from({ length: n }, () => passwords.hashPassword('busy-busy-1')));

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('sign-in floods (security review 2, N1)', () => {
  it('N1: past SIGN_INS_PER_MINUTE from one address, sign-ins without a device cookie get 429 with Retry-After before any hash, and the owner’s browser there still signs in', async () => {
    const app = appWith({ SIGN_INS_PER_MINUTE: '3', SIGN_INS_PER_EMAIL_PER_MINUTE: '0' });
    const email = uniqueEmail('n1-owner');
    const owner = new TestBrowser(app);
    expect((await owner.register(email)).status).toBe(201);
    await owner.post('/users/sign_out.json');
    const flooder = newAddress();
    for (let i = 0; i < 3; i++)
      expect((await new TestBrowser(app, flooder).signIn(uniqueEmail('n1-nobody'), 'guess-guess-1')).status).toBe(401);
    const before = passwords.hashLoad().started;
    const over = await new TestBrowser(app, flooder).signIn(uniqueEmail('n1-nobody'), 'guess-guess-1');
    expect(over.status).toBe(429);
    expect(over.json.error.message).toMatch(/Too many sign-in attempts from this address/);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // The right password from a fresh browser at that address is refused too, without a hash ...
    expect((await new TestBrowser(app, flooder).signIn(email)).status).toBe(429);
    expect(passwords.hashLoad().started).toBe(before);
    // ... but the owner's browser (its device cookie) behind the same address signs in.
    const ownerThere = new TestBrowser(app, flooder);
    for (const [name, value] of owner.cookies) ownerThere.cookies.set(name, value);
    ownerThere.csrf = owner.csrf;
    expect((await ownerThere.signIn(email)).status).toBe(200);
    // Another address is not affected.
    expect((await new TestBrowser(app, newAddress()).signIn(email)).status).toBe(200);
  }, 60_000);

  it('N1: past SIGN_INS_PER_EMAIL_PER_MINUTE, sign-ins of one email from many addresses get 429 before any hash, and its owner’s browser still signs in', async () => {
    const app = appWith({ SIGN_INS_PER_MINUTE: '0', SIGN_INS_PER_EMAIL_PER_MINUTE: '2' });
    const email = uniqueEmail('n1-target');
    const owner = new TestBrowser(app);
    expect((await owner.register(email)).status).toBe(201);
    for (let i = 0; i < 2; i++)
      expect((await new TestBrowser(app, newAddress()).signIn(email, `wrong-guess-${i}`)).status).toBe(401);
    const before = passwords.hashLoad().started;
    const over = await new TestBrowser(app, newAddress()).signIn(email.toUpperCase(), 'wrong-guess-x');
    expect(over.status).toBe(429);
    expect(over.json.error.message).toMatch(/Too many sign-in attempts for this account/);
    expect(over.headers.get('retry-after')).not.toBeNull();
    expect(passwords.hashLoad().started).toBe(before);
    expect((await owner.signIn(email)).status).toBe(200);
  }, 60_000);

  it('N1: past HASH_QUEUE_MAX hashes waiting, a sign-in and a sign-up are answered 429 at once with Retry-After, and the refused attempt is no failure', async () => {
    const app = appWith({ HASH_QUEUE_MAX: '2' });
    const email = uniqueEmail('n1-queue');
    expect((await new TestBrowser(app).register(email)).status).toBe(201);
    // Two running and two waiting: the queue is at its bound.
    const busy = busyHashes(4);
    try {
      await until(() => passwords.hashLoad().waiting >= 2, 'the hash queue to fill');
      const started = performance.now();
      const signIn = await new TestBrowser(app).signIn(email, 'wrong-guess-q');
      const signUp = await new TestBrowser(app).register(uniqueEmail('n1-queue-new'));
      expect(signIn.status).toBe(429);
      expect(signIn.json.error.message).toMatch(/busy checking passwords/);
      expect(signIn.headers.get('retry-after')).toBe('2');
      expect(signUp.status).toBe(429);
      // Answered before any of the busy hashes could finish and free a slot.
      expect(passwords.hashLoad().waiting).toBeGreaterThanOrEqual(1);
      expect(performance.now() - started).toBeLessThan(15_000);
    } finally {
      await busy;
    }
    const [row] = await sql<{ failures: number }[]>`
      SELECT count(*)::int AS failures FROM sign_in_failures WHERE key = ${`email:${email.toLowerCase()}`}`;
    expect(row!.failures).toBe(0);
  }, 60_000);

  it('N1: a sign-in waiting for the hash queue holds no app-gate slot: with one slot and no queue, session.json still answers 200', async () => {
    const app = appWith({ APP_POOL_SIZE: '1', APP_QUEUE_MAX: '0' });
    const email = uniqueEmail('n1-gate');
    expect((await new TestBrowser(app).register(email)).status).toBe(201);
    const busy = busyHashes(2);
    const waiting = new TestBrowser(app).signIn(email);
    try {
      await until(() => passwords.hashLoad().waiting >= 1, 'the sign-in to wait for a hash');
      // Before N1 this answered 503 at once: the waiting sign-in held the only slot.
      const session = await new TestBrowser(app).get('/api/v1/session.json');
      expect(session.status).toBe(200);
      expect(passwords.hashLoad().waiting).toBeGreaterThanOrEqual(1);
    } finally {
      await busy;
    }
    expect((await waiting).status).toBe(200);
  }, 60_000);
});
