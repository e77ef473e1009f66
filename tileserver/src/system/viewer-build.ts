// Builds the viewer with Vite when its sources are newer than the last build, so a second start is quick.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { repoRoot } from '../paths.ts';

const viewerRoot = resolve(repoRoot, 'viewer');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

export function viewerIsStale(): boolean {
  const built = join(viewerRoot, 'dist/index.html');
  if (!existsSync(built)) return true;
  // The viewer bundles the wire contracts too (schemas, attribution strings), so they count as its sources.
  const inputs = [
    ...['src', 'public', 'build', 'index.html', 'vite.config.ts', 'package.json'].map((p) => join(viewerRoot, p)),
    resolve(repoRoot, 'contracts/src'),
  ].map(newestMtime);
  return Math.max(...inputs) > statSync(built).mtimeMs;
}

export function buildViewerIfStale(log: (line: string) => void): void {
  if (!viewerIsStale()) {
    log('viewer build is current');
    return;
  }
  // Always a production build: vitest sets NODE_ENV=test, and a build inheriting it bundled React's
  // development runtime into the viewer that the browser tests measure.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: viewerRoot, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error('the viewer build failed (see the output above)');
  log('viewer built into viewer/dist');
}
