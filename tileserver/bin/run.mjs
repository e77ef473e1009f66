#!/usr/bin/env node
// Entry of every root npm script. Plain JavaScript with no dependencies that still runs on Node 18-20,
// because it runs before node_modules exists and on machines with an old Node: it re-executes itself
// on Node 24 when the machine's Node is too old (node-runtime.mjs), runs `npm ci` when node_modules is
// missing or older than the lock file, then hands over to the command with the remaining arguments.
// `check` (formatting, lint, import rules, types) and `format` run several steps.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chooseRuntime, installFromRegistry, runtimeEnv } from './node-runtime.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const [command = 'start', ...args] = process.argv.slice(2);

const commands = {
  start: ['tsx', 'tileserver/src/main.ts'],
  load: ['tsx', 'tileserver/src/cli/load.ts'],
  synth: ['tsx', 'fixtures/src/cli/synth.ts'],
  import: ['tsx', 'tileserver/src/cli/import.ts'],
  'import-layer': ['tsx', 'tileserver/src/cli/import-layer.ts'],
  admin: ['tsx', 'tileserver/src/cli/admin.ts'],
  backup: ['tsx', 'tileserver/src/cli/backup.ts', 'backup'],
  restore: ['tsx', 'tileserver/src/cli/backup.ts', 'restore'],
  bench: ['tsx', 'bench/src/run.ts'],
  test: ['tsx', 'tileserver/bin/run-tests.mjs'],
  cluster: ['tsx', 'tileserver/src/cluster/cli.ts'],
  'test-cluster': ['vitest', 'run', '--config', 'vitest.cluster.config.ts'],
  'test-soak': ['vitest', 'run', '--config', 'vitest.soak.config.ts'],
  check: 'steps',
  format: 'format',
  'build-viewer': ['vite', 'build', 'viewer'],
};

// `npm run check`: every step runs, even after one fails, so one run reports everything to fix.
const checkSteps = [
  { name: 'format (npm run format writes it)', argv: ['biome', 'format', '.'] },
  { name: 'lint', argv: ['biome', 'lint', '--error-on-warnings', '--diagnostic-level=warn', '.'] },
  { name: 'import rules (ARCHITECTURE.md)', argv: [process.execPath, 'tileserver/bin/check-imports.mjs'] },
  { name: 'declared packages', argv: [process.execPath, 'tileserver/bin/check-packages.mjs'] },
  { name: 'types', argv: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
];

// `npm run format`: Biome's first pass over unformatted code leaves a few member chains that its second
// pass joins (15 files of this tree), so it writes twice and the check's format step then agrees.
const formatSteps = [
  { name: 'format', argv: ['biome', 'format', '--write', '.'] },
  { name: 'format (second pass)', argv: ['biome', 'format', '--write', '.'] },
];

function runSteps(steps) {
  const failed = [];
  for (const { name, argv } of steps) {
    console.log(`• ${name}`);
    const [file, ...rest] = argv;
    const child = spawnSync(file.includes('/') ? file : join(root, 'node_modules/.bin', file), rest, {
      cwd: root,
      stdio: 'inherit',
    });
    if (child.error || child.status !== 0) failed.push(name);
  }
  if (failed.length > 0) {
    console.error(`${command} failed: ${failed.join('; ')}`);
    process.exit(1);
  }
  console.log(`${command} passed`);
  process.exit(0);
}

function ensureDependencies() {
  const lock = join(root, 'package-lock.json');
  const manifests = [
    'package.json',
    'contracts/package.json',
    'tileserver/package.json',
    'fixtures/package.json',
    'viewer/package.json',
    'bench/package.json',
  ];
  const hash = createHash('sha256');
  // Native addons are built for one Node ABI: a runtime change reinstalls.
  hash.update(`node-abi-${process.versions.modules}`);
  for (const file of [lock, ...manifests.map((m) => join(root, m))])
    if (existsSync(file)) hash.update(readFileSync(file));
  const stamp = join(root, 'node_modules/.parcel-map-deps');
  const wanted = hash.digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  console.log('• Installing npm dependencies (node_modules is missing or stale)');
  const result = spawnSync('npm', [existsSync(lock) ? 'ci' : 'install', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, wanted);
}

/** Runs a child to its end and exits with its status; Ctrl-C reaches the child from the terminal itself. */
function runToEnd(file, argv, options) {
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => {});
  const child = spawnSync(file, argv, { cwd: root, stdio: 'inherit', ...options });
  if (child.error) {
    console.error(`could not run ${file}: ${child.error.message}`);
    process.exit(1);
  }
  process.exit(child.status ?? (child.signal ? 1 : 0));
}

const target = commands[command];
if (!target) {
  console.error(`unknown command ${command}; one of: ${Object.keys(commands).join(', ')}`);
  process.exit(2);
}
let node;
try {
  node = chooseRuntime({
    root,
    version: process.version,
    arch: process.arch,
    platform: process.platform,
    install: installFromRegistry,
    log: console.log,
  });
} catch (error) {
  console.error(`npm ${command} failed: ${error.message}`);
  process.exit(1);
}
if (node) runToEnd(node, [fileURLToPath(import.meta.url), command, ...args], { env: runtimeEnv(node, process.env) });
ensureDependencies();
if (target === 'steps') runSteps(checkSteps);
if (target === 'format') runSteps(formatSteps);
const [bin, ...binArgs] = target;
runToEnd(join(root, 'node_modules/.bin', bin), [...binArgs, ...args]);
