// How every server process is started (npm start through bin/run.mjs, the cluster, the benchmark, tests):
// Node with tsx, main.ts, and the V8 flags of server-node-flags.json. The one flag: Node 24's young
// generation grows to 64 MB per semi-space pair under load (new space 67 MB measured) and the heap grows
// with it; at 8 MB semi-spaces the 2-minute memory soak at concurrency 64 peaked at 368 MB RSS instead
// of 474 MB with no measurable change in requests served (bench/README.md, "memory").
import { resolve } from 'node:path';
import { repoRoot } from './db/prepare.ts';
import serverNodeFlags from '../server-node-flags.json' with { type: 'json' };

export { serverNodeFlags };

/** The executable and arguments of a server process with the given main.ts arguments (e.g. --role tiles). */
export function serverCommand(args: string[]): [string, string[]] {
  return [process.execPath, [...serverNodeFlags, '--import', 'tsx', resolve(repoRoot, 'tileserver/src/main.ts'), ...args]];
}
