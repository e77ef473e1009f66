import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { createDb } from './db/client.ts';
const sql = createDb('postgres://parcel:O-RYqzEXvw8QNJrJqTy7Sj9v@127.0.0.1:5600/search_explore', { max: 4 });
const app = createApp({ config: loadConfig({}), sql, logger: createLogger('silent') });
for (const q of process.argv.slice(2)) {
  const t = performance.now();
  const res = await app.request(`/search.json?${q}`);
  const body: any = await res.json();
  console.log(`== ${q} (${(performance.now() - t).toFixed(0)} ms)`);
  for (const r of (body.results ?? []).slice(0, 6)) console.log(`   ${r.kind} ${r.name} | ${r.headline} | ${r.path}`);
}
await sql.end();
