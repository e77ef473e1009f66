#!/usr/bin/env node
// Entry of every root npm script. Plain JavaScript with no dependencies, because it runs before
// node_modules exists: it runs `npm ci` when node_modules is missing or older than the lock file,
// then hands over to the TypeScript command (through tsx) with the remaining arguments.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const [command = 'start', ...args] = process.argv.slice(2);

const commands = {
  start: ['tsx', 'tileserver/src/main.ts'],
  load: ['tsx', 'fixtures/src/cli/load.ts'],
  synth: ['tsx', 'fixtures/src/cli/synth.ts'],
  bench: ['tsx', 'bench/src/run.ts'],
  test: ['vitest', 'run'],
  check: ['tsc', '--noEmit', '-p', 'tsconfig.json'],
  'build-viewer': ['vite', 'build', 'viewer'],
};

function ensureDependencies() {
  const lock = join(root, 'package-lock.json');
  const manifests = ['package.json', 'tileserver/package.json', 'fixtures/package.json', 'viewer/package.json', 'bench/package.json'];
  const hash = createHash('sha256');
  for (const file of [lock, ...manifests.map((m) => join(root, m))]) if (existsSync(file)) hash.update(readFileSync(file));
  const stamp = join(root, 'node_modules/.parcel-map-deps');
  const wanted = hash.digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  console.log('• Installing npm dependencies (node_modules is missing or stale)');
  const result = spawnSync('npm', [existsSync(lock) ? 'ci' : 'install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, wanted);
}

const target = commands[command];
if (!target) {
  console.error(`unknown command ${command}; one of: ${Object.keys(commands).join(', ')}`);
  process.exit(2);
}
ensureDependencies();
const [bin, ...binArgs] = target;
// The child gets Ctrl-C from the terminal itself; this wrapper only waits for it to finish.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
const child = spawnSync(join(root, 'node_modules/.bin', bin), [...binArgs, ...args], { cwd: root, stdio: 'inherit' });
process.exit(child.status ?? (child.signal ? 1 : 0));
