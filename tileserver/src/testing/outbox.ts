// Reading what the server mailed, for tests: the outbox folder holds one .eml file per message
// (mail/mailer.ts), bodies quoted-printable.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { outboxDir } from '../mail/mailer.ts';

/** Undoes quoted-printable: soft line breaks and =XX escapes. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The decoded text of the newest message to `to` (any case), or undefined. */
export function newestMailTo(config: Config, to: string): string | undefined {
  const dir = outboxDir(config);
  if (!existsSync(dir)) return undefined;
  // File names start with the time they were written, so reverse order is newest first.
  const header = `to: ${to.toLowerCase()}`;
  return readdirSync(dir)
    .sort()
    .reverse()
    .map((file) => decodeQuotedPrintable(readFileSync(join(dir, file), 'utf8')))
    .find((text) => text.toLowerCase().includes(header));
}

/** The value of `param` in the link of the newest message to `to` (a reset or invitation token). */
export function mailedToken(config: Config, to: string, param: string): string | undefined {
  const mail = newestMailTo(config, to);
  return mail ? new RegExp(`[?&]${param}=([A-Za-z0-9_-]+)`).exec(mail)?.[1] : undefined;
}

/** newestMailTo for mail sent after the answer (a password reset): polls the outbox up to `timeoutMs`;
 * with `other`, waits for a message other than that one (the mail of a second request). */
export async function awaitMailTo(
  config: Config,
  to: string,
  other?: string,
  timeoutMs = 10_000,
): Promise<string | undefined> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = newestMailTo(config, to);
    if ((mail !== undefined && mail !== other) || Date.now() > until) return mail;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * mailedToken for mail sent after the answer (a password reset): polls the outbox up to `timeoutMs`;
 * with `newerThan`, waits for a token other than that one (the mail of a second request).
 */
export async function awaitMailedToken(
  config: Config,
  to: string,
  param: string,
  newerThan?: string,
  timeoutMs = 10_000,
): Promise<string | undefined> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const token = mailedToken(config, to, param);
    if ((token !== undefined && token !== newerThan) || Date.now() > until) return token;
    await new Promise((r) => setTimeout(r, 20));
  }
}
