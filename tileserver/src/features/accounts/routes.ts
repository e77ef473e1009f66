// Accounts: register, sign in, sign out, edit, password reset by emailed link. Sessions live in
// PostgreSQL (auth/sessions.ts); the cookie is rotated at sign-in and every session of the user is
// revoked at a password change or reset. Wrong password and unknown email get the same answer in the
// same time; more than SIGN_IN_FAILURES_MAX failures per email or address in 10 minutes get 429. A reset
// request answers alike, in the same time, for known and unknown emails. Sign-up still answers 409 for
// a taken email: the sign-up form must say why it failed (spec: register errors show in the alert).
import { Hono, type Context } from 'hono';
import { requireSession, type CallerResolver } from '../../auth/caller.ts';
import { decoyHash, hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { clientAddress } from '../../auth/rate-limit.ts';
import {
  clearSessionCookie, createSession, newSecret, revokeSession, revokeUserSessions, secretHash, writeSessionCookie,
} from '../../auth/sessions.ts';
import type { Config } from '../../config.ts';
import type { Sql } from '../../db/client.ts';
import { ApiError } from '../../errors.ts';
import { requestBody } from '../../http/request-body.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { publicOrigin } from '../../tiles/tile-context.ts';
import {
  consumePasswordReset, createPasswordReset, insertUser, recentFailures, recordFailure, updateUser, userByEmail, userById,
} from './queries.ts';
import { editBody, registerBody, resetCompleteBody, resetRequestBody, signInBody } from './schema.ts';

export interface AccountDeps {
  config: Config;
  sql: Sql;
  callers: CallerResolver;
  mailer: Mailer;
  logger: Logger;
}

const invalidCredentials = 'Invalid email or password.';

export function accountRoutes(deps: AccountDeps): Hono {
  const app = new Hono();
  const { sql, config } = deps;

  const signIn = async (c: Context, userId: number) => {
    const session = await createSession(sql, userId);
    writeSessionCookie(c, config, session.id);
    return session;
  };
  const publicUser = async (id: number) => {
    const user = (await userById(sql, id))!;
    return { id: user.id, name: user.name, email: user.email };
  };

  app.post('/users.json', async (c) => {
    const body = await requestBody(c, registerBody);
    const id = await insertUser(sql, {
      name: body.user.name,
      email: body.user.email,
      passwordHash: await hashPassword(body.user.password),
      profileAnswers: body.user.preferences?.profile_answers ?? {},
      wantsEmail: body.wants_email,
      source: body.via ?? null,
    });
    if (id === undefined) throw new ApiError('CONFLICT', 'An account with that email already exists; sign in or reset your password');
    const session = await signIn(c, id);
    // The paid flow continues at checkout (the plans page) once billing exists.
    const redirect = body.redirect ?? (body.flow === 'paid' ? `/plans${body.plan ? `#p=${encodeURIComponent(body.plan)}` : ''}` : undefined);
    return c.json({ user: await publicUser(id), csrf_token: session.csrfToken, redirect_url: redirect ?? null }, 201);
  });

  app.post('/users/sign_in.json', async (c) => {
    const body = await requestBody(c, signInBody);
    const keys = [`email:${body.email.toLowerCase()}`, `address:${clientAddress(c)}`];
    if ((await recentFailures(sql, keys)) >= config.SIGN_IN_FAILURES_MAX) {
      throw new ApiError('TOO_MANY_REQUESTS', 'Too many failed sign-in attempts. Wait 10 minutes, or reset your password.', { retryAfter: 600 });
    }
    const user = await userByEmail(sql, body.email);
    // An unknown email still costs one hash check, so timing does not tell it from a wrong password.
    const ok = await verifyPassword(body.password, user?.password_hash ?? (await decoyHash()));
    if (!user || !ok) {
      await recordFailure(sql, keys);
      throw new ApiError('UNAUTHORIZED', invalidCredentials);
    }
    const session = await signIn(c, user.id);
    return c.json({ user: await publicUser(user.id), csrf_token: session.csrfToken, redirect_url: body.redirect ?? null });
  });

  app.post('/users/sign_out.json', async (c) => {
    const caller = await deps.callers.of(c);
    if (caller.session) await revokeSession(sql, caller.session.idHash);
    clearSessionCookie(c, config);
    const back = c.req.query('return_to');
    return c.json({ redirect_url: back && /^\/(?![/\\])/.test(back) ? back : '/' });
  });

  // The spec's PUT /users/edit, and the same at /users/edit.json like the other account routes.
  app.on('PUT', ['/users/edit', '/users/edit.json'], async (c) => {
    const caller = await deps.callers.of(c);
    requireSession(caller);
    const body = await requestBody(c, editBody);
    const user = (await userById(sql, caller.user.id))!;
    const sensitive = body.password !== undefined || (body.email !== undefined && body.email.toLowerCase() !== user.email.toLowerCase());
    if (sensitive && !(body.current_password && (await verifyPassword(body.current_password, user.password_hash)))) {
      throw new ApiError('FORBIDDEN', 'Enter your current password to change your email or password');
    }
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    if (!(await updateUser(sql, user.id, { name: body.name, email: body.email, passwordHash }))) {
      throw new ApiError('CONFLICT', 'An account with that email already exists');
    }
    let csrf = caller.session.csrfToken;
    if (passwordHash) {
      // Every other device is signed out; this one gets a fresh session.
      await revokeUserSessions(sql, user.id);
      csrf = (await signIn(c, user.id)).csrfToken;
    }
    return c.json({ user: await publicUser(user.id), csrf_token: csrf });
  });

  app.post('/users/password.json', async (c) => {
    const { email } = await requestBody(c, resetRequestBody);
    const user = await userByEmail(sql, email);
    if (user) {
      // After the answer, not before it: the token insert and above all the mail (an SMTP round trip)
      // would make a known email answer measurably later than an unknown one. Both answer after the
      // one lookup. A failure is logged; the person asks again.
      void mailPasswordReset(user, publicOrigin(c, config)).catch((error: unknown) => deps.logger.error({ err: error, requestId: c.get('requestId') }, 'password reset mail failed'));
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
    const userId = await consumePasswordReset(sql, secretHash(body.token));
    if (userId === undefined) throw new ApiError('BAD_REQUEST', 'This reset link has expired or was already used; ask for a new one');
    await updateUser(sql, userId, { passwordHash: await hashPassword(body.password) });
    await revokeUserSessions(sql, userId);
    const session = await signIn(c, userId);
    return c.json({ user: await publicUser(userId), csrf_token: session.csrfToken });
  });

  return app;
}
