// npm test: the browser tests run one Chromium at a time, and vitest runs a project limited to one
// worker in a phase of its own after every other project's files (its pool runs groups one after the
// other), so in one vitest run the server and viewer files never overlap the browser files. npm test
// therefore starts two vitest runs side by side, the e2e project and the rest, and fails when either
// fails. Each has its own database: browser tests read lists (imports, orders) that server tests would
// add to under them. Each run's lines carry its name. With arguments (files, filters, --project) it is
// one plain `vitest run`.
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const args = process.argv.slice(2);

/** The vitest runs of a plain `npm test`: the browser files alone, everything else beside them. */
export const parallelRuns = [
  { name: 'e2e', args: ['--project', 'e2e'] },
  { name: 'server', args: ['--project', 'server', '--project', 'viewer'] },
];

function run(name, runArgs, env, prefix) {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, [vitest, 'run', ...runArgs], {
      cwd: root,
      env,
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (prefix) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`[${name}] ${line}\n`));
      }
    }
    child.on('error', (error) => {
      console.error(`[${name}] could not start vitest: ${error.message}`);
      resolveRun(1);
    });
    child.on('close', (code, signal) => resolveRun(code ?? (signal ? 1 : 0)));
  });
}

// Ctrl-C reaches the children from the terminal; this process waits for them to finish.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});

if (args.length) {
  process.exitCode = await run('vitest', args, process.env, false);
} else {
  const env = { ...process.env };
  // Piped output is not a terminal: keep vitest's colours when this one is.
  if (process.stdout.isTTY && env.FORCE_COLOR === undefined) env.FORCE_COLOR = '1';
  const started = performance.now();
  const codes = await Promise.all(parallelRuns.map((r) => run(r.name, r.args, env, true)));
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  parallelRuns.forEach((r, i) => console.log(`${r.name}: ${codes[i] === 0 ? 'passed' : `failed (exit ${codes[i]})`}`));
  console.log(`npm test took ${minutes} min`);
  process.exitCode = codes.every((code) => code === 0) ? 0 : 1;
}
