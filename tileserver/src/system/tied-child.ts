// A child process that dies with this one. GDAL's tools run inside the server (exports, admin imports):
// a killed server's ogr2ogr went on loading or writing for minutes, holding a connection beside the
// retry. setpriv (util-linux) has the kernel SIGKILL the child the moment its parent dies.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';

const setpriv = existsSync('/usr/bin/setpriv') ? '/usr/bin/setpriv' : undefined;

/** spawn(command, args) with stdin ignored and stdout/stderr piped, killed when this process dies. */
export function spawnTiedChild(
  command: string,
  args: string[],
  env?: NodeJS.ProcessEnv,
): ChildProcessByStdio<null, Readable, Readable> {
  const [program, ...argv] = setpriv ? [setpriv, '--pdeathsig', 'KILL', command, ...args] : [command, ...args];
  return spawn(program!, argv, { env, stdio: ['ignore', 'pipe', 'pipe'] });
}
