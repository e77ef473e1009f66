// Backups with PostgreSQL's own tools: pg_dump in the custom format (compressed, restorable table by
// table) into DATA_DIR/backups, written under a temporary name and renamed when complete, so a
// half-written backup is never mistaken for a good one; pg_restore into a database, made when missing.
// A backup holds every password hash and card token: it is readable by its owner only (0600, whatever
// the umask), and the database password goes to the tools through PGPASSWORD, never argv (which any
// local user reads in ps or /proc).
import { spawn } from 'node:child_process';
import { chmodSync, closeSync, mkdirSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDatabase } from './client.ts';
import { pgBin } from './local-cluster.ts';

/** The URL without its password for argv, and the password for the child's environment. */
export function connectionOf(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

function run(command: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(join(pgBin(), command), args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...env },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

/** A timestamped file name that sorts by time: parcels-20261123-164501.dump. */
export function backupName(database: string, at = new Date()): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${database}-${stamp}.dump`;
}

export async function backupDatabase(url: string, dir: string): Promise<{ file: string; bytes: number }> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const database = decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';
  const file = join(dir, backupName(database));
  const partial = `${file}.partial`;
  const { dbname, env } = connectionOf(url);
  try {
    // Made here before pg_dump opens it (opening an existing file keeps its mode); the chmod, since the
    // mode of a new file passes through the umask.
    closeSync(openSync(partial, 'w', 0o600));
    chmodSync(partial, 0o600);
    await run(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${dbname}`],
      env,
    );
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return { file, bytes: statSync(file).size };
}

/**
 * Restores a backup into the database of `url`, creating it when missing. Objects that exist are
 * dropped first (--clean), so restoring over the app's database gives the backup's state exactly.
 */
export async function restoreDatabase(url: string, file: string): Promise<void> {
  if (!statSync(file, { throwIfNoEntry: false })?.isFile()) throw new Error(`no backup file at ${file}`);
  await ensureDatabase(url);
  const { dbname, env } = connectionOf(url);
  await run(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
}
