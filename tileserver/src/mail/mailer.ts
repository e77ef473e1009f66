// Outgoing mail through nodemailer: SMTP when SMTP_URL is set, otherwise each message is written as
// an .eml file under DATA_DIR/outbox (what a developer opens, and what tests read).
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import { repoRoot } from '../paths.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where messages go, for logs: the SMTP host or the outbox folder. */
  readonly target: string;
}

/**
 * Text a user chose (a name, an account name) as it may appear in mail we send: one line, no control
 * or bidirectional-override characters, at most `max` characters, in quotes, so that it reads as a
 * quoted name and never as a message of ours. Never put it in a subject.
 */
export function quotedUserText(text: string, max = 40): string {
  const line = text
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...line];
  return `"${chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line}"`;
}

export function outboxDir(config: Config): string {
  const dataDir = isAbsolute(config.DATA_DIR) ? config.DATA_DIR : resolve(repoRoot, config.DATA_DIR);
  return join(dataDir, 'outbox');
}

export function createMailer(config: Config): Mailer {
  const from = config.MAIL_FROM;
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      target: new URL(config.SMTP_URL).host,
      send: async (mail) => {
        await transport.sendMail({ from, ...mail });
      },
    };
  }
  const dir = outboxDir(config);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    target: dir,
    send: async (mail) => {
      const info = await transport.sendMail({ from, ...mail });
      mkdirSync(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      writeFileSync(join(dir, name), info.message as Buffer);
    },
  };
}
