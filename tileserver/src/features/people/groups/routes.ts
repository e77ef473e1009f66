// Groups (accounts): the account-name duplicate check, the Members Dashboard API for managers
// (members, roles, invitations by email within the plan's seats, withdrawn before they are used) and
// the group's API token, replaced when someone who could have read it is removed.
// Objects of another group answer 404; a member who is not a manager gets 403.
import { Hono, type Context } from 'hono';
import { requireSession, type CallerResolver, type SessionCaller } from '../../../auth/caller.ts';
import { newApiToken, newSecret, secretHash } from '../../../auth/sessions.ts';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { ApiError } from '../../../errors.ts';
import { requestBody } from '../../../http/request-body.ts';
import { quotedUserText, type Mailer } from '../../../mail/mailer.ts';
import { publicOrigin } from '../../../tiles/tile-context.ts';
import { mayOnGroup } from './policy.ts';
import {
  acceptInvitation,
  addMember,
  createInvitation,
  groupById,
  managerCount,
  membersOf,
  pendingInvitations,
  removeMember,
  revokeInvitation,
  searchGroups,
  seatsTaken,
  setApiToken,
  setRole,
  type GroupRow,
} from './queries.ts';
import { acceptBody, inviteBody, revokeInvitationBody, roleBody } from '@parcel-map/contracts/people/groups';

export interface GroupDeps {
  config: Config;
  sql: Sql;
  callers: CallerResolver;
  mailer: Mailer;
}

export const billingPath = (group: Pick<GroupRow, 'slug'>) => `/g/${group.slug}/settings/billing`;

export function groupRoutes(deps: GroupDeps): Hono {
  const app = new Hono();
  const { sql } = deps;

  /** The caller's own group, for an action the policy allows. */
  const ownGroup = async (
    c: Context,
    action: 'view_members' | 'manage_members' | 'manage_token',
  ): Promise<{ caller: SessionCaller; group: GroupRow }> => {
    const caller = await deps.callers.of(c);
    requireSession(caller);
    if (!caller.group) throw new ApiError('NOT_FOUND', 'You are not in a group; upgrade to a plan to get one');
    if (!mayOnGroup(caller, caller.group.id, action))
      throw new ApiError('FORBIDDEN', 'Only managers can manage the members of this account');
    return { caller, group: (await groupById(sql, caller.group.id))! };
  };

  app.get('/search/groups.json', async (c) => {
    const caller = await deps.callers.of(c);
    const query = (c.req.query('query') ?? '').slice(0, 100);
    // Anyone may ask whether a name is taken (checkout's duplicate check); only admins may browse.
    const exact = c.req.query('exact') === 'true' || caller.level !== 'admin';
    if (query.trim().length < 1) return c.json([]);
    const rows = await searchGroups(sql, query, exact);
    return c.json(rows.map((r) => ({ name: r.name, path: `/g/${r.slug}` })));
  });

  app.get('/users/members.json', async (c) => {
    const { group } = await ownGroup(c, 'manage_members');
    return c.json({
      group: {
        name: group.name,
        path: `/g/${group.slug}`,
        tier: group.tier,
        seats: group.seats,
        seats_taken: await seatsTaken(sql, group.id),
        billing_url: billingPath(group),
      },
      members: await membersOf(sql, group.id),
      invitations: await pendingInvitations(sql, group.id),
    });
  });

  app.post('/users/invitations.json', async (c) => {
    const { caller, group } = await ownGroup(c, 'manage_members');
    const body = await requestBody(c, inviteBody);
    const taken = await seatsTaken(sql, group.id);
    if (taken >= group.seats) {
      throw new ApiError(
        'CONFLICT',
        `All ${group.seats} seats of this account are taken. Add seats on the billing page to invite more people.`,
        { billing_url: billingPath(group) },
      );
    }
    if ((await membersOf(sql, group.id)).some((m) => m.email.toLowerCase() === body.email.toLowerCase())) {
      throw new ApiError('CONFLICT', 'That person is already a member of this account');
    }
    const token = newSecret();
    await createInvitation(sql, {
      groupId: group.id,
      email: body.email,
      role: body.role,
      invitedBy: caller.user.id,
      tokenHash: secretHash(token),
    });
    const link = `${publicOrigin(c, deps.config)}/users/invitation?token=${token}`;
    await deps.mailer.send({
      to: body.email,
      // Names are the users' own text: quoted and cut short in the body, never in the subject.
      subject: 'You are invited to join an account on the parcel map',
      text: `Hello,\n\nA user of the parcel map who calls themselves ${quotedUserText(caller.user.name)} invited you to join the account ${quotedUserText(group.name)} as a ${body.role}.\nOpen this link within 7 days, then sign up or sign in with this email address to join:\n\n${link}\n\nIf you do not know this person, ignore this message.\n`,
    });
    return c.json({ status: 'ok', email: body.email, role: body.role }, 201);
  });

  // Withdraws an open invitation: the mailed link stops working and the seat is free again.
  app.delete('/users/invitations.json', async (c) => {
    const { group } = await ownGroup(c, 'manage_members');
    const { email } = await requestBody(c, revokeInvitationBody);
    if (!(await revokeInvitation(sql, group.id, email)))
      throw new ApiError('NOT_FOUND', 'No open invitation for that email address');
    return c.json({ status: 'ok', email });
  });

  app.post('/users/invitations/accept.json', async (c) => {
    const caller = await deps.callers.of(c);
    requireSession(caller);
    const { token } = await requestBody(c, acceptBody);
    const accepted = await acceptInvitation(sql, secretHash(token), caller.user.email);
    if (!accepted)
      throw new ApiError(
        'NOT_FOUND',
        'This invitation has expired, was already used, or was sent to another email address',
      );
    await addMember(sql, accepted.group_id, caller.user.id, accepted.role);
    const group = (await groupById(sql, accepted.group_id))!;
    return c.json({ status: 'ok', group: { name: group.name, path: `/g/${group.slug}` } });
  });

  const memberId = (c: Context) => {
    // The parameter holds the .json suffix: Hono's pattern cannot end a parameter before a literal dot.
    const id = Number(c.req.param('id')!.replace(/\.json$/, ''));
    if (!Number.isSafeInteger(id) || id < 1) throw new ApiError('NOT_FOUND', 'No such member');
    return id;
  };

  app.put('/users/members/:id{[0-9]+\\.json}', async (c) => {
    const { group } = await ownGroup(c, 'manage_members');
    const { role } = await requestBody(c, roleBody);
    const id = memberId(c);
    const current = (await membersOf(sql, group.id)).find((m) => m.user_id === id);
    if (!current) throw new ApiError('NOT_FOUND', 'No such member');
    if (current.role === 'manager' && role !== 'manager' && (await managerCount(sql, group.id)) <= 1) {
      throw new ApiError('CONFLICT', 'An account needs at least one manager');
    }
    await setRole(sql, group.id, id, role);
    return c.json({ status: 'ok', user_id: id, role });
  });

  app.delete('/users/members/:id{[0-9]+\\.json}', async (c) => {
    const { group } = await ownGroup(c, 'manage_members');
    const id = memberId(c);
    const current = (await membersOf(sql, group.id)).find((m) => m.user_id === id);
    if (!current) throw new ApiError('NOT_FOUND', 'No such member');
    if (current.role === 'manager' && (await managerCount(sql, group.id)) <= 1)
      throw new ApiError('CONFLICT', 'An account needs at least one manager');
    await removeMember(sql, group.id, id);
    // A manager who leaves may have made the account's API token, a member may have been given it to
    // use: either way they may keep it, so it is replaced and the new one shown once to the remover.
    const apiToken = group.api_token_hint === null ? null : await rotateApiToken(group.id);
    return c.json({ status: 'ok', api_token: apiToken });
  });

  /** A new API token for the group: shown once (only its hash is kept); the old one is refused at once everywhere. */
  const rotateApiToken = async (groupId: number) => {
    const token = newApiToken();
    await setApiToken(sql, groupId, secretHash(token), token.slice(-4));
    deps.callers.forgetGroup(groupId);
    return { token, hint: token.slice(-4) };
  };

  app.post('/users/api_token.json', async (c) => {
    const { group } = await ownGroup(c, 'manage_token');
    // Tile consumers send it as ?token= or Authorization: Bearer.
    return c.json(await rotateApiToken(group.id), 201);
  });

  return app;
}
