// Accounts: register, sign in, sign out, edit, password reset by emailed link. Sessions live in
// PostgreSQL (auth/sessions.ts); the cookie is rotated at sign-in and every other session of the user
// is revoked at a password or email change or a reset. Wrong password and unknown email get the same
// answer in the same time, and so does a reset request for a known and an unknown email. Guessing is
// throttled without letting anyone lock out the owner (sign-in-limits below and the README's security
// section). Sign-up still answers 409 for a taken email: the sign-up form must say why it failed (spec:
// register errors show in the alert).
import { Hono, type Context } from 'hono';
import { requireSession, type CallerResolver } from '../../../auth/caller.ts';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from '../../../auth/passwords.ts';
import { clientAddress, RateLimiter } from '../../../auth/rate-limit.ts';
import {
  clearSessionCookie,
  createSession,
  deviceDays,
  newSecret,
  readDeviceCookie,
  revokeSession,
  revokeUserSessions,
  secretHash,
  writeDeviceCookie,
  writeSessionCookie,
} from '../../../auth/sessions.ts';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import type { QueryGate } from '../../../db/query-gate.ts';
import { ApiError } from '../../../errors.ts';
import { readBoundedBody, requestBody } from '../../../http/request-body.ts';
import type { Logger } from '../../../logger.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import { publicOrigin } from '../../../tiles/tile-context.ts';
import {
  consumePasswordReset,
  createPasswordReset,
  createSignInDevice,
  insertUser,
  isSignInDevice,
  rehashPassword,
  releaseSignInAttempt,
  reserveSignInAttempt,
  revokePasswordResets,
  updateUser,
  userByEmail,
  userById,
} from './queries.ts';
import {
  editBody,
  isLocalPath,
  registerBody,
  resetCompleteBody,
  resetRequestBody,
  signInBody,
} from '@parcel-map/contracts/people/accounts';

export interface AccountDeps {
  config: Config;
  sql: Sql;
  callers: CallerResolver;
  mailer: Mailer;
  logger: Logger;
  /** The app API's gate, taken here around the database work only (see `db` below). */
  appGate: QueryGate;
}

const invalidCredentials = 'Invalid email or password.';

export function accountRoutes(deps: AccountDeps): Hono {
  const app = new Hono();
  const { sql, config } = deps;

  const signups = new RateLimiter({ limit: config.SIGNUPS_PER_HOUR, windowMs: 3_600_000 });

  // Security review 2, N1. These routes are outside the app gate by path (http/route-gates.ts, gate
  // 'app-around-db') and take it here around their database work only: a scrypt hash holds no database
  // connection, and a sign-in that waited for the hash queue inside the gate let ten flooding
  // connections hold its four slots and answer every other .json route 503. Holding the slot around
  // the queries, not the whole route, was chosen over re-admitting after the hash because a route
  // then never holds a slot and a hash slot at once, so neither queue can stall the other.
  const db = <T>(c: Context, work: () => Promise<T>): Promise<T> => deps.appGate.run(work, c.req.raw.signal);
  // Hashes of anonymous requests wait behind at most HASH_QUEUE_MAX others, else 429 at once.
  const boundedHash = { queueMax: config.HASH_QUEUE_MAX };
  // Sign-ins per address and per email per minute, counted in memory before any query or hash. A
  // browser with a device cookie of the account is not counted (H4: its owner always gets in).
  const perMinute = (limit: number) =>
    limit > 0 ? new RateLimiter({ limit, windowMs: 60_000, maxKeys: 50_000 }) : undefined;
  const signInsByAddress = perMinute(config.SIGN_INS_PER_MINUTE);
  const signInsByEmail = perMinute(config.SIGN_INS_PER_EMAIL_PER_MINUTE);
  const countSignIn = (address: string, email: string) => {
    signInsByAddress?.hit(address, 'Too many sign-in attempts from this address; wait a minute and try again');
    signInsByEmail?.hit(email.toLowerCase(), 'Too many sign-in attempts for this account; wait a minute and try again');
  };

  /** A new session, and the device cookie that keeps this browser out of others' lockouts of the account. */
  const signIn = async (c: Context, userId: number) => {
    const session = await createSession(sql, userId);
    writeSessionCookie(c, config, session.id);
    const device = newSecret();
    await createSignInDevice(sql, userId, secretHash(device), deviceDays);
    writeDeviceCookie(c, config, device);
    return session;
  };
  const publicUser = async (id: number) => {
    const user = (await userById(sql, id))!;
    return { id: user.id, name: user.name, email: user.email };
  };

  app.post('/users.json', async (c) => {
    const body = await requestBody(c, registerBody);
    // Before the hash: a flood of sign-ups from one address costs it no CPU.
    signups.hit(clientAddress(c), 'Too many new accounts from this address; try again in an hour');
    const passwordHash = await hashPassword(body.user.password, boundedHash);
    const { id, session } = await db(c, async () => {
      const id = await insertUser(sql, {
        name: body.user.name,
        email: body.user.email,
        passwordHash,
        profileAnswers: body.user.preferences?.profile_answers ?? {},
        wantsEmail: body.wants_email,
        source: body.via ?? null,
      });
      if (id === undefined)
        throw new ApiError('CONFLICT', 'An account with that email already exists; sign in or reset your password');
      return { id, session: await signIn(c, id) };
    });
    // The paid flow continues at checkout (the plans page) once billing exists.
    const redirect =
      body.redirect ??
      (body.flow === 'paid' ? `/plans${body.plan ? `#p=${encodeURIComponent(body.plan)}` : ''}` : undefined);
    const user = await db(c, () => publicUser(id));
    return c.json({ user, csrf_token: session.csrfToken, redirect_url: redirect ?? null }, 201);
  });

  // Past SIGN_IN_FAILURES_MAX failures in 10 minutes (OWASP device cookies, not a lockout of the owner):
  // - per email: a browser without a device cookie of the account is answered 429 before any password
  //   check (guessing stops); a browser that signed in to it before goes on, within its own budget;
  // - per address: a browser without a device cookie of the account is answered 429 before any
  //   password check too (N1: every attempt used to cost a hash, so one address could keep the hash
  //   queue full); with the device cookie the password is checked and a right one signs in, a wrong
  //   one is answered 429, so a flood from an address never locks the owners behind it out of their
  //   own browsers.
  // The attempt is counted (under a lock) before the check, so parallel guesses cannot pass the limit.
  // Before all that, in memory: SIGN_INS_PER_MINUTE per address and SIGN_INS_PER_EMAIL_PER_MINUTE per
  // email for browsers without a device cookie of the account, and HASH_QUEUE_MAX on the hash queue.
  app.post('/users/sign_in.json', async (c) => {
    const body = await requestBody(c, signInBody);
    const address = clientAddress(c);
    const device = readDeviceCookie(c);
    // No device cookie at all (every flooder without one): counted before the first query.
    if (device === undefined) countSignIn(address, body.email);
    const emailKey = `email:${body.email.toLowerCase()}`;
    const addressKey = `address:${address}`;
    const max = config.SIGN_IN_FAILURES_MAX;
    const attempt = await db(c, async () => {
      const user = await userByEmail(sql, body.email);
      const knownDevice =
        user !== undefined && device !== undefined && (await isSignInDevice(sql, user.id, secretHash(device)));
      // A cookie that is no device of this account counts like none, before the reservation below.
      if (device !== undefined && !knownDevice) countSignIn(address, body.email);
      const deviceKey = knownDevice ? `device:${secretHash(device!).toString('hex')}` : undefined;
      const { failures, reserved } = await reserveSignInAttempt(
        sql,
        deviceKey ? [emailKey, addressKey, deviceKey] : [emailKey, addressKey],
        (counts) => (deviceKey ? counts.get(deviceKey)! >= max : counts.get(emailKey)! >= max),
      );
      return { user, knownDevice, failures, reserved };
    });
    const { user, knownDevice, failures, reserved } = attempt;
    const tooMany = (whose: string) =>
      new ApiError(
        'TOO_MANY_REQUESTS',
        `Too many failed sign-in attempts ${whose}. Wait 10 minutes, or reset your password.`,
        { retryAfter: 600 },
      );
    if (!reserved) throw tooMany('for this account');
    const addressOver = failures.get(addressKey)! >= max;
    // N1: no hash for an address over its budget unless this browser signed in to the account before.
    if (addressOver && !knownDevice) throw tooMany('from this address');
    // An unknown email still costs one hash check, so timing does not tell it from a wrong password.
    let ok: boolean;
    try {
      ok = await verifyPassword(body.password, user?.password_hash ?? (await decoyHash()), boundedHash);
    } catch (error) {
      // Refused for a full hash queue: nothing was checked, so the attempt is not a failure.
      await db(c, () => releaseSignInAttempt(sql, reserved));
      throw error;
    }
    if (!user || !ok)
      throw addressOver ? tooMany('from this address') : new ApiError('UNAUTHORIZED', invalidCredentials);
    const rehash = needsRehash(user.password_hash) ? await hashPassword(body.password) : undefined;
    const { session, publicUser: signedIn } = await db(c, async () => {
      await releaseSignInAttempt(sql, reserved);
      if (rehash) await rehashPassword(sql, user.id, user.password_hash, rehash);
      const session = await signIn(c, user.id);
      return { session, publicUser: await publicUser(user.id) };
    });
    return c.json({
      user: signedIn,
      csrf_token: session.csrfToken,
      redirect_url: body.redirect ?? null,
    });
  });

  app.post('/users/sign_out.json', async (c) => {
    const caller = await deps.callers.of(c);
    if (caller.session) await revokeSession(sql, caller.session.idHash);
    clearSessionCookie(c, config);
    const back = c.req.query('return_to');
    return c.json({ redirect_url: isLocalPath(back) ? back : '/' });
  });

  // The spec's PUT /users/edit, and the same at /users/edit.json like the other account routes.
  app.on('PUT', ['/users/edit', '/users/edit.json'], async (c) => {
    // The bytes before the gate (a slow body holds no slot); who asks before what was asked (401 first).
    await readBoundedBody(c);
    const { caller, user } = await db(c, async () => {
      const caller = await deps.callers.of(c);
      requireSession(caller);
      return { caller, user: (await userById(sql, caller.user.id))! };
    });
    const body = await requestBody(c, editBody);
    const sensitive =
      body.password !== undefined ||
      (body.email !== undefined && body.email.toLowerCase() !== user.email.toLowerCase());
    if (
      sensitive &&
      !(body.current_password && (await verifyPassword(body.current_password, user.password_hash, boundedHash)))
    ) {
      throw new ApiError('FORBIDDEN', 'Enter your current password to change your email or password');
    }
    const passwordHash = body.password ? await hashPassword(body.password, boundedHash) : undefined;
    const answer = await db(c, async () => {
      if (!(await updateUser(sql, user.id, { name: body.name, email: body.email, passwordHash }))) {
        throw new ApiError('CONFLICT', 'An account with that email already exists');
      }
      let csrf = caller.session!.csrfToken;
      if (sensitive) {
        // Every other device is signed out (whoever else was in keeps nothing after an email or password
        // change), links still out for a reset stop working, and this one gets a fresh session.
        await revokeUserSessions(sql, user.id);
        await revokePasswordResets(sql, user.id);
        csrf = (await signIn(c, user.id)).csrfToken;
      }
      return { user: await publicUser(user.id), csrf_token: csrf };
    });
    return c.json(answer);
  });

  app.post('/users/password.json', async (c) => {
    const { email } = await requestBody(c, resetRequestBody);
    const user = await db(c, () => userByEmail(sql, email));
    if (user) {
      // After the answer, not before it: the token insert and above all the mail (an SMTP round trip)
      // would make a known email answer measurably later than an unknown one. Both answer after the
      // one lookup. A failure is logged; the person asks again.
      void mailPasswordReset(user, publicOrigin(c, config)).catch((error: unknown) =>
        deps.logger.error({ err: error, requestId: c.get('requestId') }, 'password reset mail failed'),
      );
    }
    // The same answer either way: this route must not tell who has an account.
    return c.json({ message: 'If that email has an account, a link to reset its password is on its way.' });
  });

  const mailPasswordReset = async (user: { id: number; name: string; email: string }, origin: string) => {
    const token = newSecret();
    const link = `${origin}/users/password/edit?reset_password_token=${token}`;
    await createPasswordReset(sql, user.id, secretHash(token));
    await deps.mailer.send({
      to: user.email,
      subject: 'Reset your password',
      text: `Hello ${user.name},\n\nSomeone asked to reset the password of your account. Open this link within one hour to choose a new one (it works once):\n\n${link}\n\nIf it was not you, ignore this message; your password stays as it is.\n`,
    });
  };

  app.put('/users/password.json', async (c) => {
    const body = await requestBody(c, resetCompleteBody);
    const userId = await db(c, () => consumePasswordReset(sql, secretHash(body.token)));
    if (userId === undefined)
      throw new ApiError('BAD_REQUEST', 'This reset link has expired or was already used; ask for a new one');
    // Only a valid link gets here, and it is spent: its hash waits its turn rather than be refused.
    const passwordHash = await hashPassword(body.password);
    const answer = await db(c, async () => {
      await updateUser(sql, userId, { passwordHash });
      await revokeUserSessions(sql, userId);
      // Any other link mailed before this one dies with the old password.
      await revokePasswordResets(sql, userId);
      const session = await signIn(c, userId);
      return { user: await publicUser(userId), csrf_token: session.csrfToken };
    });
    return c.json(answer);
  });

  return app;
}
