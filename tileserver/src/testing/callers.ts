// The callers the pure policy tables are checked against, written once: one caller of each kind the
// Caller resolver produces (anonymous, a signed-in user by plan, a group's API token, an admin by
// session, acting as a user, or by token), and the group roles the commerce rules turn on.
import type { Caller } from '../auth/caller.ts';

type Tier = 'free' | 'pro' | 'team';

const user = (id: number, isAdmin = false) => ({ id, name: 'u', email: 'u@example.org', isAdmin });
const group = (id: number, tier: Tier, role?: 'manager' | 'member') => ({ id, name: 'g', slug: `g${id}`, tier, role });
const session = (userId: number, actingAdminId: number | null = null) => ({
  idHash: Buffer.alloc(32),
  userId,
  csrfToken: 'c',
  actingAdminId,
});

/** One caller per access level and way in (session, token, acting admin). */
export const levelCallers = {
  anonymous: { level: 'anonymous', via: 'anonymous', token: 'public' },
  free: { level: 'free', via: 'session', token: 'public', user: user(1), session: session(1) },
  pro: {
    level: 'pro',
    via: 'session',
    token: 'public',
    user: user(2),
    group: group(10, 'pro', 'member'),
    session: session(2),
  },
  team: {
    level: 'team',
    via: 'session',
    token: 'public',
    user: user(3),
    group: group(11, 'team', 'manager'),
    session: session(3),
  },
  groupToken: { level: 'team', via: 'token', token: 'tok', group: group(11, 'team') },
  adminSession: { level: 'admin', via: 'session', token: 'public', user: user(4, true), session: session(4) },
  actingAdmin: { level: 'admin', via: 'session', token: 'public', user: user(4, true), session: session(4, 9) },
  adminToken: { level: 'admin', via: 'token', token: 'admin' },
} satisfies Record<string, Caller>;

/** A manager and a member of one group on the given plan, beside an anonymous, a free user, the group's token and an admin. */
export function roleCallers(tier: Tier) {
  return {
    anonymous: { level: 'anonymous', via: 'anonymous', token: 'public' },
    free: { level: 'free', via: 'session', token: 'public', user: user(1) },
    manager: { level: tier, via: 'session', token: 'public', user: user(2), group: group(10, tier, 'manager') },
    member: { level: tier, via: 'session', token: 'public', user: user(3), group: group(10, tier, 'member') },
    groupToken: { level: tier, via: 'token', token: 'tok', group: group(10, tier, 'manager') },
    admin: { level: 'admin', via: 'session', token: 'public', user: user(4, true) },
  } satisfies Record<string, Caller>;
}
