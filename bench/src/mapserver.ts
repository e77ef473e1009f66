// The MapServer peer: Debian's mapserv as FastCGI processes (spawn-fcgi) behind Debian's nginx, both on
// 127.0.0.1, over the same parcels table. Installs the packages when missing (as root), writes the
// configs from bench/mapserver/*.in into a private folder, starts and stops exactly those processes.
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ensureSystemPackages, type SystemPackage } from '@parcel-map/tileserver/system/system-packages';
import { startProcess, stopProcess, runSync, waitForHttp, type Started } from './processes.ts';

export const mapserverPackages: SystemPackage[] = [
  { name: 'cgi-mapserver', present: () => existsSync('/usr/lib/cgi-bin/mapserv') },
  { name: 'spawn-fcgi', present: () => existsSync('/usr/bin/spawn-fcgi') },
  { name: 'nginx-light', present: () => existsSync('/usr/sbin/nginx') },
];

const templates = resolve(import.meta.dirname, '../mapserver');

/** Tile path on the peer: MapServer's tile mode with Google/XYZ numbering and the MVT output format. */
export const mapserverPathTemplate =
  '/mapserv?mode=tile&tilemode=gmap&tile={x}+{y}+{z}&layers=parcels&map.imagetype=mvt';

export interface MapServerPeer {
  baseUrl: string;
  version: string;
  processes: number;
  /** nginx and mapserv processes (to wait until they are idle between cells). */
  pids: number[];
  stop: () => Promise<void>;
}

export interface MapServerOptions {
  databaseUrl: string;
  port: number;
  fcgiPort: number;
  /** FastCGI processes: one PostgreSQL connection each, so this equals the server's pool size. */
  processes: number;
  cpus?: string;
  workDir: string;
  log: (line: string) => void;
}

function fill(template: string, values: Record<string, string>): string {
  return Object.entries(values).reduce((text, [key, value]) => text.split(`@@${key}@@`).join(value), template);
}

/** libpq keyword/value connection string (quoted) for the mapfile, from a postgres:// URL. */
export function libpqConnection(url: string): string {
  const u = new URL(url);
  const quote = (v: string) => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const parts = [
    `host=${quote(u.hostname)}`,
    `port=${quote(u.port || '5432')}`,
    `dbname=${quote(decodeURIComponent(u.pathname.slice(1)))}`,
    `user=${quote(decodeURIComponent(u.username))}`,
    `password=${quote(decodeURIComponent(u.password))}`,
    `application_name='parcel-map-bench-mapserver'`,
    // The same session settings as our pool (shared/reference/tile-limits.md): no JIT, no parallel workers.
    `options='-c jit=off -c max_parallel_workers_per_gather=0'`,
  ];
  return parts.join(' ').replace(/"/g, '\\"');
}

function webUser(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const uid = spawnSync('id', ['-u', 'www-data'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'www-data'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export async function startMapServer(options: MapServerOptions): Promise<MapServerPeer> {
  ensureSystemPackages(mapserverPackages, options.log);
  const dir = resolve(options.workDir, 'mapserver');
  rmSync(dir, { recursive: true, force: true });
  // As root, mapserv and the nginx workers run as www-data, as Debian deploys them: they may pass
  // through the folders (nginx writes its temp files for large tiles there) and read their configs;
  // the mapfile holds the database password, so it is readable by www-data only.
  const web = webUser();
  mkdirSync(dir, { recursive: true, mode: 0o711 });
  if (web) chmodSync(options.workDir, 0o711);
  const values = {
    DIR: dir,
    PORT: String(options.port),
    FCGI_PORT: String(options.fcgiPort),
    CONNECTION: libpqConnection(options.databaseUrl),
    USER: web ? 'user www-data;' : '',
  };
  for (const name of ['parcels.map', 'nginx.conf', 'mapserver.conf']) {
    const file = resolve(dir, name);
    writeFileSync(file, fill(readFileSync(resolve(templates, `${name}.in`), 'utf8'), values), { mode: 0o600 });
    if (web && name !== 'nginx.conf') chownSync(file, web.uid, web.gid);
  }
  const version =
    /MapServer version [^ ]+/.exec(runSync('/usr/lib/cgi-bin/mapserv', ['-v']))?.[0] ?? 'MapServer (unknown version)';

  // spawn-fcgi forks the mapserv processes and exits; their pids land in the pid file. MapServer 8
  // reads MAPSERVER_CONFIG_FILE from the process environment at start, before the FastCGI loop.
  const pidFile = resolve(dir, 'fcgi.pid');
  const asUser = web ? ['-u', 'www-data', '-g', 'www-data'] : [];
  runSync(
    'spawn-fcgi',
    [
      '-a',
      '127.0.0.1',
      '-p',
      String(options.fcgiPort),
      '-F',
      String(options.processes),
      '-P',
      pidFile,
      ...asUser,
      '--',
      '/usr/lib/cgi-bin/mapserv',
    ],
    {
      cpus: options.cpus,
      env: { MAPSERVER_CONFIG_FILE: resolve(dir, 'mapserver.conf') },
    },
  );
  const fcgiPids = readFileSync(pidFile, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  let nginx: Started | undefined;
  const stop = async () => {
    if (nginx) await stopProcess(nginx);
    // libfcgi processes sit in accept() and ignore SIGTERM there; they hold nothing worth flushing.
    for (const pid of fcgiPids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  try {
    nginx = startProcess('nginx', '/usr/sbin/nginx', ['-c', resolve(dir, 'nginx.conf'), '-g', 'daemon off;'], {
      cpus: options.cpus,
    });
    const baseUrl = `http://127.0.0.1:${options.port}`;
    await waitForHttp(`${baseUrl}/`, nginx, 30_000);
    const nginxWorkers = spawnSync('pgrep', ['-P', String(nginx.child.pid)], { encoding: 'utf8' })
      .stdout.split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return {
      baseUrl,
      version,
      processes: fcgiPids.length,
      pids: [...fcgiPids, nginx.child.pid ?? 0, ...nginxWorkers],
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
