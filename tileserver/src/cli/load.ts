// npm run load [-- --force]: gets the database ready (local cluster or DATABASE_URL, migrations) and
// loads the real data of fixtures/data, printing progress and one summary line per source file.
import { parseArgs } from 'node:util';
import { loadConfig } from '@parcel-map/tileserver/config';
import { prepareDatabase, withDb } from '@parcel-map/tileserver/db/prepare';
import { info, step } from '@parcel-map/tileserver/system/progress';
import { loadRealData } from '../data/load-real-data.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(
      'usage: npm run load [-- --force]\n  --force  delete the real-data rows and load them again\n',
    );
    return;
  }
  const config = loadConfig();
  let done = step('Preparing the database');
  const db = await prepareDatabase(config, info);
  done();
  done = step(values.force ? 'Reloading the real data (--force)' : 'Loading the real data');
  const summaries = await withDb(
    db.ownerUrl,
    (sql) => loadRealData(sql, { force: values.force ?? false, log: info }),
    2,
  );
  done();
  if (summaries.length === 0) info('nothing loaded');
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`\nLoading the real data failed: ${message}\n`);
  process.exitCode = 1;
});
