// SQL of groups: creation with a unique slug, search by name, members and invitations, API tokens.
import type { Sql } from '../../../db/client.ts';
import { likeContaining } from '../../../db/like.ts';
import { slugOf, type Role } from '@parcel-map/contracts/people/groups';

export interface GroupRow {
  id: number;
  name: string;
  slug: string;
  tier: 'free' | 'pro' | 'team';
  seats: number;
  api_token_hint: string | null;
}

const toGroup = (row: GroupRow & { id: string }): GroupRow => ({ ...row, id: Number(row.id) });

/**
 * Creates a group with the first free slug of its name (name, name-2, ...). A taken name is undefined,
 * unless `numbered`, which tries "name 2", "name 3", ... (for default names nobody chose).
 */
export async function createGroup(
  sql: Sql,
  name: string,
  tier: GroupRow['tier'],
  seats: number,
  numbered = false,
): Promise<GroupRow | undefined> {
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? name : `${name} ${n}`;
    const [taken] = await sql`SELECT 1 FROM groups WHERE lower(name) = lower(${candidate})`;
    if (taken) {
      if (!numbered) return undefined;
      continue;
    }
    const base = slugOf(candidate);
    for (let s = 1; s < 1000; s++) {
      const slug = s === 1 ? base : `${base}-${s}`;
      const [row] = await sql<(GroupRow & { id: string })[]>`
        INSERT INTO groups (name, slug, tier, seats) VALUES (${candidate}, ${slug}, ${tier}, ${seats})
        ON CONFLICT DO NOTHING
        RETURNING id, name, slug, tier, seats, api_token_hint`;
      if (row) return toGroup(row);
      const [nameTaken] = await sql`SELECT 1 FROM groups WHERE lower(name) = lower(${candidate})`;
      if (nameTaken) break;
    }
  }
  return undefined;
}

export async function groupById(sql: Sql, id: number): Promise<GroupRow | undefined> {
  const [row] = await sql<
    (GroupRow & { id: string })[]
  >`SELECT id, name, slug, tier, seats, api_token_hint FROM groups WHERE id = ${id}`;
  return row ? toGroup(row) : undefined;
}

/** Whether an account other than `groupId` has the name (names are unique without regard to case). */
export async function nameTakenByOther(sql: Sql, name: string, groupId: number): Promise<boolean> {
  const [taken] = await sql`SELECT 1 FROM groups WHERE lower(name) = lower(${name}) AND id <> ${groupId}`;
  return Boolean(taken);
}

/** Sets tier and seats, and the name when one is given. */
export async function updateGroupPlan(
  sql: Sql,
  groupId: number,
  change: { tier: GroupRow['tier']; seats: number; name: string | null },
): Promise<void> {
  await sql`UPDATE groups SET tier = ${change.tier}, seats = ${change.seats}, name = coalesce(${change.name}, name) WHERE id = ${groupId}`;
}

export async function searchGroups(sql: Sql, query: string, exact: boolean): Promise<{ name: string; slug: string }[]> {
  if (exact)
    return sql<
      { name: string; slug: string }[]
    >`SELECT name, slug FROM groups WHERE lower(name) = lower(${query.trim()}) LIMIT 1`;
  return sql<{ name: string; slug: string }[]>`
    SELECT name, slug FROM groups WHERE name ILIKE ${likeContaining(query)} ORDER BY lower(name) LIMIT 20`;
}

export async function addMember(sql: Sql, groupId: number, userId: number, role: Role): Promise<void> {
  await sql`
    INSERT INTO memberships (group_id, user_id, role) VALUES (${groupId}, ${userId}, ${role})
    ON CONFLICT (group_id, user_id) DO UPDATE SET role = EXCLUDED.role`;
  await sql`UPDATE users SET primary_group_id = ${groupId} WHERE id = ${userId}`;
}

export interface MemberRow {
  user_id: number;
  name: string;
  email: string;
  role: Role;
}

export async function membersOf(sql: Sql, groupId: number): Promise<MemberRow[]> {
  const rows = await sql<(MemberRow & { user_id: string })[]>`
    SELECT u.id AS user_id, u.name, u.email, m.role FROM memberships m JOIN users u ON u.id = m.user_id
    WHERE m.group_id = ${groupId} ORDER BY m.role, lower(u.name)`;
  return rows.map((r) => ({ ...r, user_id: Number(r.user_id) }));
}

export async function pendingInvitations(
  sql: Sql,
  groupId: number,
): Promise<{ email: string; role: Role; expires_at: Date }[]> {
  return sql<{ email: string; role: Role; expires_at: Date }[]>`
    SELECT email, role, expires_at FROM invitations
    WHERE group_id = ${groupId} AND accepted_at IS NULL AND expires_at > now() ORDER BY created_at`;
}

/** Seats taken: members plus invitations still open. */
export async function seatsTaken(sql: Sql, groupId: number): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    SELECT ((SELECT count(*) FROM memberships WHERE group_id = ${groupId})
          + (SELECT count(*) FROM invitations WHERE group_id = ${groupId} AND accepted_at IS NULL AND expires_at > now()))::int AS n`;
  return row?.n ?? 0;
}

export async function createInvitation(
  sql: Sql,
  invitation: { groupId: number; email: string; role: Role; invitedBy: number; tokenHash: Buffer },
): Promise<void> {
  await sql`
    INSERT INTO invitations (token_hash, group_id, email, role, invited_by, expires_at)
    VALUES (${invitation.tokenHash}, ${invitation.groupId}, ${invitation.email}, ${invitation.role}, ${invitation.invitedBy}, now() + interval '7 days')`;
}

/** Marks an open invitation accepted when it was made out to this email; answers its group and role. */
export async function acceptInvitation(
  sql: Sql,
  tokenHash: Buffer,
  email: string,
): Promise<{ group_id: number; role: Role } | undefined> {
  const [row] = await sql<{ group_id: string; role: Role }[]>`
    UPDATE invitations SET accepted_at = now()
    WHERE token_hash = ${tokenHash} AND accepted_at IS NULL AND expires_at > now() AND lower(email) = lower(${email})
    RETURNING group_id, role`;
  return row ? { group_id: Number(row.group_id), role: row.role } : undefined;
}

/** Withdraws an open invitation (its link stops working and its seat is free again); false when none was open. */
export async function revokeInvitation(sql: Sql, groupId: number, email: string): Promise<boolean> {
  const revoked = await sql`
    DELETE FROM invitations WHERE group_id = ${groupId} AND lower(email) = lower(${email}) AND accepted_at IS NULL AND expires_at > now()
    RETURNING group_id`;
  return revoked.length > 0;
}

export async function setRole(sql: Sql, groupId: number, userId: number, role: Role): Promise<boolean> {
  return (
    (
      await sql`UPDATE memberships SET role = ${role} WHERE group_id = ${groupId} AND user_id = ${userId} RETURNING user_id`
    ).length === 1
  );
}

export async function removeMember(sql: Sql, groupId: number, userId: number): Promise<boolean> {
  const removed =
    await sql`DELETE FROM memberships WHERE group_id = ${groupId} AND user_id = ${userId} RETURNING user_id`;
  await sql`UPDATE users SET primary_group_id = NULL WHERE id = ${userId} AND primary_group_id = ${groupId}`;
  return removed.length === 1;
}

/** The members past the first `keep` (managers first, then by seniority). */
export async function membersBeyond(sql: Sql, groupId: number, keep: number) {
  return sql<{ name: string; role: string; user_id: string }[]>`
    SELECT u.name, m.role, u.id AS user_id FROM memberships m JOIN users u ON u.id = m.user_id
    WHERE m.group_id = ${groupId} ORDER BY (m.role = 'manager') DESC, m.created_at, u.id OFFSET ${keep}`;
}

/** Several members leave at once (and the account stops being their primary one). */
export async function removeMembers(sql: Sql, groupId: number, userIds: number[]): Promise<void> {
  await sql`DELETE FROM memberships WHERE group_id = ${groupId} AND user_id = ANY(${userIds})`;
  await sql`UPDATE users SET primary_group_id = NULL WHERE id = ANY(${userIds}) AND primary_group_id = ${groupId}`;
}

export async function managerCount(sql: Sql, groupId: number): Promise<number> {
  const [row] = await sql<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM memberships WHERE group_id = ${groupId} AND role = 'manager'`;
  return row?.n ?? 0;
}

export async function setApiToken(sql: Sql, groupId: number, tokenHash: Buffer, hint: string): Promise<void> {
  await sql`UPDATE groups SET api_token_hash = ${tokenHash}, api_token_hint = ${hint} WHERE id = ${groupId}`;
}
