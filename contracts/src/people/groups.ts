// Group (account) shapes shared with the viewer: the account-name rule and its messages (spec
// accounts-billing.md section 5), invitations and roles, the members page's answer and the account search.
import { z } from 'zod';
import { boundedString } from '../bounded-string.ts';
import { emailAddress } from './accounts.ts';

export const invalidAccountName =
  'That account name must not be a URL, is too short, reserved, or needs at least one letter: please try another one.';
export const duplicateAccountName = 'It appears you have already selected this account name, please try another.';

/** 3-100 characters with a letter; not "united states"; nothing that looks like a URL or a domain. */
export function accountNameIsValid(raw: string): boolean {
  const name = raw.trim();
  if (name.length < 3 || name.length > 100 || !/\p{L}/u.test(name)) return false;
  if (name.toLowerCase().replace(/\s+/g, ' ') === 'united states') return false;
  if (/[a-z][a-z0-9+.-]*:\/\//i.test(name) || /^www\./i.test(name)) return false;
  // A domain: word characters, a dot, and a top-level label of letters (example.com, my-land.co.uk).
  if (/(^|\s)[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*\.[a-z]{2,}($|[\s/])/iu.test(name)) return false;
  return true;
}

export const accountName = boundedString(200, invalidAccountName).trim().refine(accountNameIsValid, invalidAccountName);

export const roles = ['manager', 'member'] as const;
export type Role = (typeof roles)[number];

export const inviteBody = z.object({ email: emailAddress, role: z.enum(roles).default('member') });
export const revokeInvitationBody = z.object({ email: emailAddress });
export const roleBody = z.object({ role: z.enum(roles) });
export const acceptBody = z.object({ token: boundedString(100).min(10) });

/** A URL path segment from an account name: lowercase letters, digits and dashes. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'account';
}

const tier = z.enum(['free', 'pro', 'team']);
const role = z.enum(roles);

/** GET /users/members.json: the manager's account with its seats, members and open invitations. */
export const membersAnswer = z.object({
  group: z.object({
    name: z.string(),
    path: z.string(),
    tier,
    seats: z.number(),
    seats_taken: z.number(),
    billing_url: z.string(),
  }),
  members: z.array(z.object({ user_id: z.number(), name: z.string(), email: z.string(), role })),
  invitations: z.array(z.object({ email: z.string(), role, expires_at: z.string() })),
});

/** GET /search/groups.json: accounts whose name matches, for joining one. */
export const groupSearchAnswer = z.array(z.object({ name: z.string(), path: z.string() }));

export type MembersAnswer = z.infer<typeof membersAnswer>;
