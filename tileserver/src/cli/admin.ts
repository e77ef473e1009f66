// npm run admin -- create --email E [--name N]: makes the first admin (or makes an existing user an
// admin) and prints a password to sign in with once; change it at /users/edit afterwards.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { prepareDatabase, withDb } from '../db/prepare.ts';
import { createAdmin } from '../features/people/admin/create-admin.ts';
import { info, step } from '../system/progress.ts';

const usage = 'usage: npm run admin -- create --email you@example.org [--name "Your Name"]\n';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help || positionals[0] !== 'create' || !values.email) {
    process.stdout.write(usage);
    process.exitCode = values.help ? 0 : 1;
    return;
  }
  const config = loadConfig();
  const done = step('Preparing the database');
  const db = await prepareDatabase(config, info);
  done();
  const result = await withDb(db.ownerUrl, (sql) => createAdmin(sql, values.email!, values.name), 1);
  process.stdout.write(
    `\n${result.created ? 'Created the admin' : 'Made an admin of'} ${values.email} (user ${result.userId}).\n` +
      `Password (shown once; change it at /users/edit after signing in):\n\n  ${result.password}\n\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`\nnpm run admin failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
