// How a server process is started by the cluster, the benchmark and the tests' child servers: this
// Node with tsx and main.ts. V8's defaults are kept on purpose: 8 or 16 MB semi-spaces took about 100 MB
// off the memory soak's RSS but cost 15% of warm tile throughput (bench/README.md, "Memory").
import { resolve } from 'node:path';
import { repoRoot } from './paths.ts';

/** The executable and arguments of a server process with the given main.ts arguments (e.g. --role tiles). */
export function serverCommand(args: string[]): [string, string[]] {
  return [process.execPath, ['--import', 'tsx', resolve(repoRoot, 'tileserver/src/main.ts'), ...args]];
}
