// Our tile server as the benchmark runs it: the product's own entry (tileserver/src/main.ts, role
// tiles, no viewer build) in a child process with its cache budget and pool size set by environment.
import { repoRoot } from '@parcel-map/tileserver/paths';
import { startProcess, stopProcess, waitForHttp } from './processes.ts';
import { serverCommand } from '@parcel-map/tileserver/server-command';

export const ourPathTemplate = (token: string) => `/api/v1/parcels/{z}/{x}/{y}.mvt?token=${encodeURIComponent(token)}`;

export interface TileServer {
  baseUrl: string;
  pid: number;
  stop: () => Promise<void>;
}

export interface TileServerOptions {
  databaseUrl: string;
  port: number;
  cacheMb: number;
  poolSize: number;
  cpus?: string;
}

export async function startTileServer(options: TileServerOptions): Promise<TileServer> {
  const entry = startProcess(
    `tile server (cache ${options.cacheMb} MB)`,
    ...serverCommand(['--role', 'tiles', '--no-build']),
    {
      cpus: options.cpus,
      cwd: repoRoot,
      env: {
        DATABASE_URL: options.databaseUrl,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        TILE_CACHE_MB: String(options.cacheMb),
        DB_POOL_SIZE: String(options.poolSize),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
    },
  );
  const baseUrl = `http://127.0.0.1:${options.port}`;
  await waitForHttp(`${baseUrl}/api/health`, entry, 180_000);
  return { baseUrl, pid: entry.child.pid ?? 0, stop: () => stopProcess(entry) };
}
