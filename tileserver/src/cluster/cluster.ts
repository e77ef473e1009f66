// The scale-out configuration as one tested unit (npm run cluster, npm run test:cluster), all on
// loopback: a PostgreSQL primary and a streaming replica made with pg_basebackup (Debian's PostgreSQL),
// the app process on the primary (it migrates and loads), two tile-only processes (`--role tiles`)
// reading the replica, and Debian's nginx in front: tiles go to the tile processes with proxy_cache as
// the shared tile cache (keyed by the versioned URL), everything else to the app.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from '../paths.ts';
import { ensureLocalCluster, pgBin, postgresUser, runAs, type LocalCluster } from '../db/local-cluster.ts';
import { ensureSystemPackages, isRoot, serverPackages } from '../system/system-packages.ts';
import { nginxConfig, type NginxOptions } from './nginx-config.ts';
import { serverCommand } from '../server-command.ts';

export const clusterPackages = [
  ...serverPackages,
  { name: 'nginx-light', present: () => existsSync('/usr/sbin/nginx') },
];

export interface ClusterOptions {
  /** Folder for both PostgreSQL data directories, nginx's config, cache and logs. */
  dir: string;
  /** nginx listens here; the app, the tile processes and PostgreSQL take the next ports. */
  basePort: number;
  tileProcesses?: number;
  /** Tile cache of each tile process (MB); 0 makes every request that reaches one a miss. */
  tileCacheMb?: number;
  log?: (line: string) => void;
  /** Pins every process of the cluster to these CPUs (taskset list), for the benchmark. */
  cpus?: string;
  /** Also listen here with the same routes but no proxy_cache (the benchmark's cold cells). */
  uncachedPort?: number;
}

export interface Cluster {
  url: string;
  /** nginx without its tile cache, when uncachedPort was given. */
  uncachedUrl?: string;
  primaryUrl: string;
  replicaUrl: string;
  appPort: number;
  tilePorts: number[];
  /** Child processes: the app and the tile processes (index 0..n-1 = tilePorts). */
  tiles: ChildProcess[];
  app: ChildProcess;
  nginxPids: () => number[];
  stop: () => Promise<void>;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const dir = resolve(options.dir);
  ensureSystemPackages(clusterPackages, log);
  const ports = {
    nginx: options.basePort,
    app: options.basePort + 1,
    primary: options.basePort + 2,
    replica: options.basePort + 3,
  };
  const tilePorts = Array.from({ length: options.tileProcesses ?? 2 }, (_, i) => options.basePort + 4 + i);
  const stops: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const step of stops.reverse()) await Promise.resolve(step()).catch(() => {});
    stops.length = 0;
  };
  try {
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    const primary = ensureLocalCluster({ dir: resolve(dir, 'primary'), port: ports.primary, fast: true, log });
    stops.push(() => primary.stop());
    const replicaDir = startReplica(primary, resolve(dir, 'replica'), ports.replica, log);
    stops.push(
      () =>
        void runAs(isRoot() ? postgresUser() : undefined, [
          `${pgBin()}/pg_ctl`,
          '-D',
          replicaDir,
          '-m',
          'fast',
          '-w',
          'stop',
        ]),
    );
    // Every process serves as the serving role (no superuser, db/roles.ts); the app migrates as the owner.
    const ownerUrl = primary.url('parcels');
    const primaryUrl = primary.appUrl('parcels');
    const replicaUrl = primaryUrl.replace(`:${ports.primary}/`, `:${ports.replica}/`);

    // Links (mail, TileJSON) name nginx's origin, not the app's own port.
    const publicUrl = process.env.PUBLIC_URL || `http://localhost:${ports.nginx}`;
    // The app first: it creates the database, migrates and loads the real data on the primary.
    const app = startNode(
      'app',
      ['--role', 'all', '--no-build'],
      { DATABASE_URL: primaryUrl, MIGRATION_DATABASE_URL: ownerUrl, PORT: String(ports.app), PUBLIC_URL: publicUrl },
      dir,
      options.cpus,
    );
    stops.push(() => stopChild(app));
    await waitForHttp(`http://127.0.0.1:${ports.app}/api/health`, app, 300_000);
    log(`app on 127.0.0.1:${ports.app} (primary 127.0.0.1:${ports.primary})`);
    await waitForReplay(primaryUrl, replicaUrl);

    const tiles = tilePorts.map((port, i) =>
      startNode(
        `tiles-${i + 1}`,
        ['--role', 'tiles', '--no-build'],
        {
          DATABASE_URL: replicaUrl,
          METERING_DATABASE_URL: primaryUrl,
          PORT: String(port),
          PUBLIC_URL: publicUrl,
          TILE_CACHE_MB: String(options.tileCacheMb ?? 256),
        },
        dir,
        options.cpus,
      ),
    );
    for (const child of tiles) stops.push(() => stopChild(child));
    await Promise.all(
      tilePorts.map((port, i) => waitForHttp(`http://127.0.0.1:${port}/api/health`, tiles[i]!, 120_000)),
    );
    log(`tile processes on ${tilePorts.map((p) => `127.0.0.1:${p}`).join(', ')} (replica 127.0.0.1:${ports.replica})`);

    const nginx = startNginx(
      dir,
      { port: ports.nginx, appPort: ports.app, tilePorts, uncachedPort: options.uncachedPort },
      options.cpus,
    );
    stops.push(() => stopChild(nginx));
    const url = `http://127.0.0.1:${ports.nginx}`;
    await waitForHttp(`${url}/api/health`, nginx, 30_000);
    log(`nginx on ${url} (proxy_cache in ${resolve(dir, 'nginx/cache')})`);
    const nginxPids = () => [
      nginx.pid ?? 0,
      ...spawnSync('pgrep', ['-P', String(nginx.pid)], { encoding: 'utf8' })
        .stdout.split(/\s+/)
        .filter(Boolean)
        .map(Number),
    ];
    const uncachedUrl = options.uncachedPort ? `http://127.0.0.1:${options.uncachedPort}` : undefined;
    return { url, uncachedUrl, primaryUrl, replicaUrl, appPort: ports.app, tilePorts, tiles, app, nginxPids, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A fresh replica of the primary: pg_basebackup with -R (standby.signal and primary_conninfo). */
function startReplica(primary: LocalCluster, replicaDir: string, port: number, log: (line: string) => void): string {
  const owner = isRoot() ? postgresUser() : undefined;
  const bin = pgBin();
  runAs(owner, [`${bin}/pg_ctl`, '-D', replicaDir, '-m', 'immediate', '-w', 'stop']);
  rmSync(replicaDir, { recursive: true, force: true });
  // An empty folder owned by the server's user (as root, postgres cannot create it in our tree).
  mkdirSync(replicaDir, { mode: 0o700 });
  if (owner) chownSync(replicaDir, owner.uid, owner.gid);
  const password = new URL(primary.url('postgres')).password;
  log(`pg_basebackup from 127.0.0.1:${primary.port} into ${replicaDir}`);
  const backup = spawnSync(
    owner ? 'runuser' : `${bin}/pg_basebackup`,
    [
      ...(owner ? ['-u', 'postgres', '--', `${bin}/pg_basebackup`] : []),
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'parcel',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ],
    { encoding: 'utf8', cwd: '/', env: { ...process.env, PGPASSWORD: decodeURIComponent(password) } },
  );
  if (backup.status !== 0) throw new Error(`pg_basebackup failed: ${backup.stderr}`);
  // The copied settings name the primary's port and socket folder; the replica gets its own.
  appendFileSync(
    `${replicaDir}/postgresql.auto.conf`,
    `port = ${port}\nunix_socket_directories = '${replicaDir}'\nhot_standby = on\n`,
  );
  const start = runAs(owner, [
    `${bin}/pg_ctl`,
    '-D',
    replicaDir,
    '-l',
    `${replicaDir}/server.log`,
    '-w',
    '-t',
    '60',
    'start',
  ]);
  if (start.status !== 0) throw new Error(`the replica did not start (see ${replicaDir}/server.log): ${start.stderr}`);
  return replicaDir;
}

/** Waits until the replica has replayed everything the primary had written when called. */
export async function waitForReplay(primaryUrl: string, replicaUrl: string, timeoutMs = 60_000): Promise<void> {
  const lsn = psql(primaryUrl, 'SELECT pg_current_wal_lsn()');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const behind = psql(replicaUrl, `SELECT pg_wal_lsn_diff('${lsn}', coalesce(pg_last_wal_replay_lsn(), '0/0')) > 0`);
    if (behind === 'f') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the replica did not replay ${lsn} within ${timeoutMs} ms`);
}

function psql(url: string, query: string): string {
  const result = spawnSync('psql', [url, '-XAtc', query], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql: ${result.stderr}`);
  return result.stdout.trim();
}

function startNode(
  name: string,
  args: string[],
  env: Record<string, string>,
  dir: string,
  cpus?: string,
): ChildProcess {
  const logFile = openSync(resolve(dir, `${name}.log`), 'a');
  const [node, nodeArgs] = serverCommand(args);
  const [file, ...rest] = cpus ? ['taskset', '-c', cpus, node, ...nodeArgs] : [node, ...nodeArgs];
  return spawn(file!, rest, {
    cwd: repoRoot,
    stdio: ['ignore', logFile, logFile],
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
  });
}

function startNginx(dir: string, ports: Omit<NginxOptions, 'dir' | 'user'>, cpus?: string): ChildProcess {
  const nginxDir = resolve(dir, 'nginx');
  rmSync(nginxDir, { recursive: true, force: true });
  for (const sub of ['', 'cache', 'tmp']) mkdirSync(resolve(nginxDir, sub), { recursive: true, mode: 0o755 });
  const web = isRoot() ? { uid: Number(id('-u')), gid: Number(id('-g')) } : undefined;
  // As root the workers run as www-data, as Debian deploys nginx: they own the cache and temp files.
  if (web) for (const sub of ['cache', 'tmp']) chownSync(resolve(nginxDir, sub), web.uid, web.gid);
  const conf = resolve(nginxDir, 'nginx.conf');
  appendFileSync(conf, nginxConfig({ ...ports, dir: nginxDir, user: web ? 'www-data' : undefined }));
  const command = ['/usr/sbin/nginx', '-c', conf, '-g', 'daemon off;'];
  const [file, ...rest] = cpus ? ['taskset', '-c', cpus, ...command] : command;
  return spawn(file!, rest, { stdio: ['ignore', 'ignore', openSync(resolve(nginxDir, 'stderr.log'), 'a')] });
}

function id(flag: string): string {
  return spawnSync('id', [flag, 'www-data'], { encoding: 'utf8' }).stdout.trim();
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export function readLog(dir: string, name: string): string {
  const file = resolve(dir, `${name}.log`);
  return existsSync(file) ? readFileSync(file, 'utf8').slice(-4000) : '';
}
