// Request shapes of the account routes (shared with the viewer: no server-only imports here).
import { z } from 'zod';
import { commonPasswords } from './common-passwords.ts';
import { boundedString } from '../bounded-string.ts';

export const passwordHint = 'Use at least 8 characters (up to 128); a common password such as "password1" is refused.';
export const invalidFormTooltip = 'required information missing - please fill out to proceed';

/** Industries offered at sign-up (profile_answers.industry): 28 options from Academia to Other. */
export const industries = [
  'Academia',
  'Agriculture',
  'Appraisal',
  'Architecture & Design',
  'Banking & Finance',
  'Conservation',
  'Construction',
  'Consulting',
  'Energy & Utilities',
  'Engineering',
  'Environmental Services',
  'Forestry',
  'Government',
  'Insurance',
  'Investment',
  'Journalism & Media',
  'Land Surveying',
  'Law',
  'Mining',
  'Nonprofit',
  'Oil & Gas',
  'Property Management',
  'Real Estate',
  'Retail',
  'Software & Technology',
  'Telecommunications',
  'Transportation & Logistics',
  'Other',
] as const;

/**
 * NIST SP 800-63B: length (8 to 128 characters, spaces and any script allowed) and not a known common
 * password or one character repeated; no composition rules, which only push people to "Password1!".
 */
export function passwordIsValid(password: string): boolean {
  const length = [...password].length;
  if (length < 8 || length > 128) return false;
  const lower = password.toLowerCase();
  return !commonPasswords.has(lower) && !/^(.)\1*$/su.test(lower);
}

/**
 * Something@something.tld: the one email rule of accounts, invitations and the admin command. The
 * domain's labels exclude the dot that separates them, so there is one way to match and the pattern is
 * linear (the old `[^\s@]+\.[^\s@]+` was quadratic: 64 KB of dots took seconds).
 */
export const emailAddress = boundedString(254)
  .trim()
  .regex(/^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/, 'Enter a valid email address');
const password = z.string().refine(passwordIsValid, passwordHint);
const name = boundedString(100).trim().min(2, 'Name must have at least 2 characters');
/**
 * Whether `path` stays on this site once a browser resolves it: parsed the way the browser will (which
 * drops tabs and newlines, so "/\t/evil.example" is "//evil.example"), then the origin compared.
 */
export function isLocalPath(path: string | null | undefined): path is string {
  if (!path || !path.startsWith('/')) return false;
  const base = 'https://this.site.invalid';
  try {
    return new URL(path, base).origin === base;
  } catch {
    return false;
  }
}

/** A local path to continue at after signing in; anything else (other origins, //host) is dropped. */
const localPath = boundedString(2000)
  .optional()
  .transform((v) => (isLocalPath(v) ? v : undefined));

export const registerBody = z.object({
  user: z.object({
    name,
    email: emailAddress,
    password,
    preferences: z
      .object({
        profile_answers: z
          .object({ job_title: boundedString(100).trim().optional(), industry: z.enum(industries).optional() })
          .optional(),
      })
      .optional(),
  }),
  flow: z.enum(['free', 'paid']).default('free'),
  via: boundedString(100).trim().optional(),
  plan: boundedString(40).trim().optional(),
  wants_email: z.boolean().default(false),
  redirect: localPath,
});

export const signInBody = z.object({
  email: emailAddress,
  password: boundedString(512).min(1, 'Enter your password'),
  via: boundedString(100).trim().optional(),
  redirect: localPath,
});

export const editBody = z
  .object({
    name: name.optional(),
    email: emailAddress.optional(),
    password: password.optional(),
    current_password: boundedString(512).optional(),
  })
  .refine(
    (body) => body.name !== undefined || body.email !== undefined || body.password !== undefined,
    'Nothing to change',
  );

export const resetRequestBody = z.object({ email: emailAddress });
export const resetCompleteBody = z.object({ token: boundedString(100).min(10), password });

export type RegisterBody = z.infer<typeof registerBody>;
