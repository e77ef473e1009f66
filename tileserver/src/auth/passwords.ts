// Passwords (the rule itself is in features/people/accounts/schema.ts, shared with the viewer): storage only as a memory-hard scrypt hash (node:crypto, no native
// package). Stored form: scrypt$<log2 N>$<r>$<p>$<salt b64url>$<hash b64url>, so parameters can rise
// without breaking old hashes: an older hash still verifies and is re-hashed at the next sign-in.
// N=2^17, r=8, p=1 is OWASP's current minimum for scrypt: 128 MB and about 0.3 s of one core here.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ApiError } from '../errors.ts';

const params = { logN: 17, r: 8, p: 1 };
const keyLength = 32;

// Each hash holds a libuv thread (4 by default, shared with file and DNS work) and 128 MB: at most two
// run at once and the rest wait, so a flood of sign-ups or sign-ins cannot take every thread and core.
const maxAtOnce = 2;
let running = 0;
let started = 0;
const waiting: (() => void)[] = [];

/**
 * How a caller wants to wait: `queueMax` hashes waiting at most before this one is refused with 429 at
 * once (security review 2, N1: a sign-in flood used to queue without bound, each waiter holding a
 * connection of its client). Without it the hash waits its turn (an admin's command, a valid reset link).
 */
export interface HashOptions {
  queueMax?: number;
}

async function limited<T>(work: () => Promise<T>, options: HashOptions = {}): Promise<T> {
  if (running >= maxAtOnce) {
    if (options.queueMax !== undefined && waiting.length >= options.queueMax)
      throw new ApiError('TOO_MANY_REQUESTS', 'The server is busy checking passwords; try again in a few seconds', {
        retryAfter: 2,
      });
    await new Promise<void>((start) => waiting.push(start));
  } else running++;
  started++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, so `running` counts it already.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Hashes running and waiting now, and started since the process began (tests check the cap). */
export const hashLoad = () => ({ running, waiting: waiting.length, started });

function scrypt(
  password: string,
  salt: Buffer,
  logN: number,
  r: number,
  p: number,
  hashing: HashOptions = {},
): Promise<Buffer> {
  // maxmem above the 128 * N * r the parameters need (node's 32 MB default refuses N=2^17).
  const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: 129 * 2 ** logN * r * p + 1024 * 1024 };
  return limited(
    () =>
      new Promise((resolve, reject) =>
        scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
    hashing,
  );
}

export async function hashPassword(password: string, hashing: HashOptions = {}): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params.logN, params.r, params.p, hashing);
  return ['scrypt', params.logN, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Parameters a stored hash may carry: today's or weaker ones of the past, never more (no memory bomb). */
function storedParams(stored: string): { logN: number; r: number; p: number; salt: Buffer; key: Buffer } | undefined {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  const n = { logN: Number(logN), r: Number(r), p: Number(p) };
  if (
    scheme !== 'scrypt' ||
    !salt ||
    !key ||
    !(n.logN >= 10 && n.logN <= params.logN && n.r >= 1 && n.r <= 16 && n.p >= 1 && n.p <= 4)
  )
    return undefined;
  return { ...n, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

export async function verifyPassword(password: string, stored: string, hashing: HashOptions = {}): Promise<boolean> {
  const hash = storedParams(stored);
  if (!hash) return false;
  const actual = await scrypt(password, hash.salt, hash.logN, hash.r, hash.p, hashing);
  return actual.length === hash.key.length && timingSafeEqual(actual, hash.key);
}

/** Whether a stored hash was made with weaker parameters than today's (re-hash it at sign-in). */
export function needsRehash(stored: string): boolean {
  const hash = storedParams(stored);
  return !hash || hash.logN < params.logN || hash.r < params.r;
}

/**
 * A hash to verify against when the email is unknown, so that an unknown email costs the same time
 * as a wrong password and the answer says nothing about which one it was.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(12).toString('base64url'));
  return decoy;
}
