// npm run backup: pg_dump of the app database into DATA_DIR/backups (custom format).
// npm run restore -- FILE [--yes]: pg_restore of such a file into the app database, replacing what is
// there (it asks for --yes, since the current data is dropped first). Stop the server before restoring.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { backupDatabase, restoreDatabase } from '../db/backup.ts';
import { prepareDatabase, redact } from '../db/prepare.ts';
import { repoRoot } from '../paths.ts';
import { info, step } from '../system/progress.ts';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { yes: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const [command, file] = positionals;
  if (command !== 'backup' && !(command === 'restore' && file)) {
    process.stdout.write('usage: npm run backup | npm run restore -- FILE --yes\n');
    process.exitCode = 1;
    return;
  }
  if (command === 'restore' && !values.yes) {
    process.stdout.write(
      `This replaces the app database's data with ${file}. Stop the server, then run again with --yes.\n`,
    );
    process.exitCode = 1;
    return;
  }
  const config = loadConfig();
  const done = step('Preparing the database');
  const db = await prepareDatabase(config, info);
  done();
  if (command === 'backup') {
    const dir = resolve(repoRoot, config.DATA_DIR, 'backups');
    const finish = step(`Backing up ${redact(db.ownerUrl)}`);
    const result = await backupDatabase(db.ownerUrl, dir);
    finish();
    process.stdout.write(
      `\nBackup written: ${result.file} (${(result.bytes / 1e6).toFixed(1)} MB)\nRestore it with: npm run restore -- ${result.file} --yes\n`,
    );
  } else {
    const finish = step(`Restoring ${file} into ${redact(db.ownerUrl)}`);
    await restoreDatabase(db.ownerUrl, resolve(file!));
    finish();
    process.stdout.write('\nRestored.\n');
  }
}

main().catch((error: unknown) => {
  console.error(`\n${(error as Error).message ?? error}`);
  process.exit(1);
});
