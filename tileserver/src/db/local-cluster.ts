// A project-local PostgreSQL cluster under DATA_DIR, listening on 127.0.0.1 only. PostgreSQL refuses
// to run as root, so as root the cluster belongs to the `postgres` system user; otherwise to us.
import {
  appendFileSync,
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { isRoot, listPgVersions } from '../system/system-packages.ts';
import { appRoleName, appRolePassword } from './roles.ts';

export interface LocalCluster {
  dir: string;
  port: number;
  /** The owner's URL (the bootstrap role): migrations, extensions, loading, operator tools. */
  url: (database: string) => string;
  /** The serving role's URL (roles.ts): what the server's pools use. */
  appUrl: (database: string) => string;
  stop: () => void;
  /** True when this call started the server (so the caller owns stopping it). */
  startedHere: boolean;
}

const USER = 'parcel';

export interface ClusterOptions {
  dir: string;
  port: number;
  /** Durability can be traded for speed on throw-away clusters (the test cluster). */
  fast?: boolean;
  log?: (line: string) => void;
}

export function ensureLocalCluster(options: ClusterOptions): LocalCluster {
  const dir = resolve(options.dir);
  const log = options.log ?? (() => {});
  const bin = pgBin();
  const owner = isRoot() ? postgresUser() : undefined;
  const passwordFile = `${dir}.password`;
  const run = (args: string[]) => runAs(owner, args);

  if (!existsSync(`${dir}/PG_VERSION`)) {
    log(`creating a PostgreSQL cluster in ${dir}`);
    mkdirSync(dirname(dir), { recursive: true });
    // A folder without PG_VERSION is what an interrupted initdb leaves behind: start over.
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
    const pwfile = `${dir}.initpw`;
    writeFileSync(pwfile, readFileSync(passwordFile, 'utf8'), { mode: 0o600 });
    if (owner) {
      chownSync(dir, owner.uid, owner.gid);
      chownSync(pwfile, owner.uid, owner.gid);
      assertReachable(owner, dir);
    }
    chmodSync(dir, 0o700);
    const init = run([
      `${bin}/initdb`,
      '-D',
      dir,
      '-U',
      USER,
      `--pwfile=${pwfile}`,
      '--auth=scram-sha-256',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    check(init, 'initdb');
    appendFileSync(`${dir}/postgresql.conf`, clusterSettings(options.port, dir, options.fast ?? false));
    rmSync(pwfile, { force: true });
  }

  const running = run([`${bin}/pg_ctl`, '-D', dir, 'status']).status === 0;
  if (!running) {
    // Another cluster on the port (another checkout's test cluster, say) would make pg_ctl fail with
    // only "could not start server": say what is wrong and what to do.
    if (spawnSync(`${bin}/pg_isready`, ['-q', '-h', '127.0.0.1', '-p', String(options.port)]).status === 0) {
      throw new Error(
        `127.0.0.1:${options.port} is taken by another PostgreSQL (another checkout's cluster?): stop it, or choose another port (PG_PORT for npm start, TEST_PG_PORT for npm test)`,
      );
    }
    log(`starting PostgreSQL on 127.0.0.1:${options.port}`);
    const start = run([
      `${bin}/pg_ctl`,
      '-D',
      dir,
      '-l',
      `${dir}/server.log`,
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${options.port}`,
      'start',
    ]);
    check(start, `pg_ctl start (see ${dir}/server.log)`);
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
  return {
    dir,
    port: options.port,
    startedHere: !running,
    url: (database) => `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${options.port}/${database}`,
    appUrl: (database) =>
      `postgres://${appRoleName}:${encodeURIComponent(appRolePassword(password))}@127.0.0.1:${options.port}/${database}`,
    stop: () => {
      run([`${bin}/pg_ctl`, '-D', dir, '-m', 'fast', '-w', 'stop']);
    },
  };
}

function clusterSettings(port: number, dir: string, fast: boolean): string {
  const lines = [
    '',
    '# parcel-map settings',
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dir}'`,
    'max_connections = 200',
    'shared_buffers = 1GB',
    'work_mem = 32MB',
    'maintenance_work_mem = 512MB',
    'effective_cache_size = 8GB',
    'random_page_cost = 1.1',
    'jit = off',
    'max_parallel_workers_per_gather = 0',
    'max_wal_size = 4GB',
    'logging_collector = off',
  ];
  if (fast) lines.push('fsync = off', 'synchronous_commit = off', 'full_page_writes = off');
  return `${lines.join('\n')}\n`;
}

export function pgBin(): string {
  const [version] = listPgVersions();
  if (!version) throw new Error('PostgreSQL server binaries were not found under /usr/lib/postgresql');
  return `/usr/lib/postgresql/${version}/bin`;
}

export function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0)
    throw new Error('As root, the local cluster runs as the `postgres` system user, which does not exist');
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export function runAs(owner: { uid: number } | undefined, args: string[]): SpawnSyncReturns<string> {
  const [command, ...rest] = args as [string, ...string[]];
  if (!owner) return spawnSync(command, rest, { encoding: 'utf8' });
  return spawnSync('runuser', ['-u', 'postgres', '--', command, ...rest], { encoding: 'utf8', cwd: '/' });
}

function assertReachable(owner: { uid: number }, dir: string): void {
  const probe = runAs(owner, ['test', '-w', dir]);
  if (probe.status !== 0) {
    throw new Error(
      `The postgres user cannot reach ${dir}: every parent folder must be world-executable (chmod o+x), or set DATABASE_URL`,
    );
  }
}

function check(result: SpawnSyncReturns<string>, what: string): void {
  if (result.status === 0) return;
  throw new Error(`${what} failed: ${(result.stderr || result.stdout || '').trim()}`);
}
