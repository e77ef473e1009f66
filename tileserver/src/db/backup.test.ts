import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { checksums, checksumStatement, tableNames } from '../reliability/table-checksums.ts';
import { signedInUser } from '../testing/accounts.ts';
import { scratchDatabase } from '../testing/db.ts';
import { createDb } from './client.ts';
import { backupDatabase, backupName, connectionOf, restoreDatabase } from './backup.ts';
import { migrate } from './migrate.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('backup and restore', () => {
  it('names backups so that they sort by time', () => {
    expect(backupName('parcels', new Date('2026-11-23T16:45:01Z'))).toBe('parcels-20261123-164501.dump');
  });

  it('restores a backup into a fresh database with the same rows in every table, checksum for checksum', async () => {
    const source = await scratchDatabase();
    cleanups.push(source.drop);
    await migrate(source.sql);
    // Accounts, a group and its plan, made through the real routes.
    const sql = createDb(source.url, { max: 2 });
    cleanups.push(() => sql.end());
    const app = createApp({
      config: loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'backup-app-')) }),
      sql,
      logger: createLogger('silent'),
    });
    await signedInUser(app, sql, 'free');
    await signedInUser(app, sql, 'pro');
    await signedInUser(app, sql, 'team');

    const dir = mkdtempSync(join(tmpdir(), 'backups-'));
    const { file, bytes } = await backupDatabase(source.url, dir);
    expect(bytes).toBeGreaterThan(1000);
    expect(readdirSync(dir)).toEqual([file.split('/').at(-1)]);

    // Restores are an operator's, as the owner (npm run restore uses the owner's URL too).
    const target = new URL(inject('ownerDatabaseUrl'));
    target.pathname = `/restored_${randomBytes(5).toString('hex')}`;
    await restoreDatabase(target.toString(), file);
    const restored = createDb(target.toString(), { max: 1 });
    cleanups.push(async () => {
      await restored.end();
      const admin = createDb(inject('adminDatabaseUrl'), { max: 1 });
      await admin.unsafe(`DROP DATABASE IF EXISTS "${target.pathname.slice(1)}" WITH (FORCE)`);
      await admin.end();
    });

    const tables = await tableNames(sql);
    expect(await tableNames(restored)).toEqual(tables);
    const statement = checksumStatement(tables);
    const before = await checksums(sql, statement);
    const after = await checksums(restored, statement);
    expect(Number(before.get('users')!.split(':')[0])).toBeGreaterThanOrEqual(3);
    expect(Number(before.get('groups')!.split(':')[0])).toBeGreaterThanOrEqual(2);
    expect(after).toEqual(before);
    // The restored copy is usable: migrations see it as current.
    expect((await migrate(restored)).applied).toEqual([]);
  });

  it("L18: writes a backup readable by its owner only (0600) whatever the umask, and never puts the database password in pg_dump's argv", async () => {
    const source = await scratchDatabase();
    cleanups.push(source.drop);
    const password = decodeURIComponent(new URL(source.url).password);
    expect(password.length).toBeGreaterThan(0);
    expect(connectionOf(source.url)).toEqual({
      dbname: expect.not.stringContaining(password),
      env: { PGPASSWORD: password },
    });
    // Watch every pg_dump command line while the backup runs (what ps shows any local user).
    const seen: string[] = [];
    let running = true;
    const watch = (async () => {
      while (running) {
        for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
          try {
            const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
            if (cmdline.includes('pg_dump') && cmdline.includes(new URL(source.url).pathname.slice(1)))
              seen.push(cmdline);
          } catch {
            // The process ended between the listing and the read.
          }
        }
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const previous = process.umask(0o022);
    try {
      const dir = mkdtempSync(join(tmpdir(), 'backups-mode-'));
      const { file } = await backupDatabase(source.url, dir);
      expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
    } finally {
      process.umask(previous);
      running = false;
      await watch;
    }
    expect(seen.length).toBeGreaterThan(0);
    for (const cmdline of seen) expect(cmdline).not.toContain(password);
  });

  it('refuses a file that does not exist', async () => {
    await expect(restoreDatabase(inject('databaseUrl'), '/nonexistent/backup.dump')).rejects.toThrow(/no backup file/);
  });
});
