// Installs the Debian packages the product needs (as root, through apt) or, when not root, stops with
// the exact command to run. Each package is checked by a file it provides, so a check costs no apt call.
import { existsSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export interface SystemPackage {
  name: string;
  /** True when the package (or an equivalent) is present. */
  present: () => boolean;
}

const postgisControl = () =>
  listPgVersions().some((v) => existsSync(`/usr/share/postgresql/${v}/extension/postgis.control`));

export const serverPackages: SystemPackage[] = [
  { name: 'postgresql-15-postgis-3', present: () => listPgVersions().length > 0 && postgisControl() },
];

export const exportPackages: SystemPackage[] = [{ name: 'gdal-bin', present: () => existsSync('/usr/bin/ogr2ogr') }];

export const browserPackages: SystemPackage[] = [
  { name: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  { name: 'fonts-dejavu-core', present: () => existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf') },
];

/** PostgreSQL major versions with server binaries, newest first. */
export function listPgVersions(): string[] {
  if (!existsSync('/usr/lib/postgresql')) return [];
  return readdirSync('/usr/lib/postgresql')
    .filter((v) => existsSync(`/usr/lib/postgresql/${v}/bin/postgres`))
    .sort((a, b) => Number(b) - Number(a));
}

export function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

export class MissingPackagesError extends Error {}

export function ensureSystemPackages(packages: SystemPackage[], log: (line: string) => void = console.log): void {
  const missing = packages.filter((p) => !p.present()).map((p) => p.name);
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (!isRoot()) {
    throw new MissingPackagesError(
      `Missing system packages: ${missing.join(', ')}. Run as root:\n  sudo sh -c '${command}'`,
    );
  }
  log(`installing system packages with apt: ${missing.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) throw new MissingPackagesError(`apt-get update failed; run: ${command}`);
  const install = spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'install', '-y', '-qq', ...missing], {
    stdio: 'inherit',
    env,
  });
  if (install.status !== 0) throw new MissingPackagesError(`apt-get install failed; run: ${command}`);
  const still = packages.filter((p) => !p.present()).map((p) => p.name);
  if (still.length > 0) throw new MissingPackagesError(`Still missing after apt: ${still.join(', ')}`);
}
