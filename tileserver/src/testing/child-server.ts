// A server process of its own over the test database, for behaviour that crosses processes (cache
// versions and token revocations through NOTIFY) or needs a real process to kill: the product's own
// entry (main.ts), role tiles by default, on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { inject } from 'vitest';
import { repoRoot } from '../paths.ts';
import { serverCommand } from '../server-command.ts';

export interface ChildServer {
  origin: string;
  port: number;
  /** Everything it printed (its JSON log lines included), the newest 2 MB. */
  output: () => string;
  /** SIGTERM: a clean stop. */
  stop: () => Promise<void>;
  /** SIGKILL: no shutdown code runs, as when the machine or the OOM killer ends it. */
  kill: () => Promise<void>;
}

export interface ChildOptions {
  /** `tiles` (a tile-only process, the default) or `all` (API, jobs and tiles, as npm start). */
  role?: 'tiles' | 'all';
  /** A port to serve on (a restart on the same address); a free one when not given. */
  port?: number;
}

export async function startChildServer(
  env: Record<string, string> = {},
  options: ChildOptions = {},
): Promise<ChildServer> {
  const port = options.port ?? (await freePort());
  const child = spawn(...serverCommand(['--role', options.role ?? 'tiles', '--no-build']), {
    cwd: repoRoot,
    env: {
      ...process.env,
      // Served as the serving role, migrated as the owner (db/roles.ts), as a deployment does.
      DATABASE_URL: inject('databaseUrl'),
      MIGRATION_DATABASE_URL: inject('ownerDatabaseUrl'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2_000_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const origin = `http://127.0.0.1:${port}`;
  const end = (signal: NodeJS.Signals) => async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill(signal);
    // A clean stop that hangs (a connection held open) must not hang the test file.
    const hung = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(hung);
  };
  const server: ChildServer = { origin, port, output: () => output, stop: end('SIGTERM'), kill: end('SIGKILL') };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exited(child)) throw new Error(`the child server exited (${child.exitCode}):\n${output}`);
    const up = await fetch(`${origin}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return server;
    await new Promise((r) => setTimeout(r, 200));
  }
  await server.stop();
  throw new Error(`the child server did not answer within 90 s:\n${output}`);
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}
