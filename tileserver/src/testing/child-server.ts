// A second tile server process over the test database, for behaviour that crosses processes
// (cache versions through NOTIFY): the product's own entry, role tiles, on a free port.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { inject } from 'vitest';
import { repoRoot } from '../db/prepare.ts';

export interface ChildServer {
  origin: string;
  stop: () => Promise<void>;
}

export async function startChildServer(env: Record<string, string> = {}): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(repoRoot, 'tileserver/src/main.ts'), '--role', 'tiles', '--no-build'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: inject('databaseUrl'), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the child server exited (${child.exitCode}):\n${output}`);
    const up = await fetch(`${origin}/api/health`).then((res) => res.ok, () => false);
    if (up) return { origin, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`the child server did not answer within 60 s:\n${output}`);
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}
