// npm run cluster [-- --port 8480 --tiles 2 --dir .data/cluster]: the scale-out configuration on this
// machine (see cluster.ts and the README), until Ctrl-C.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../paths.ts';
import { startCluster } from './cluster.ts';

const { values: flags } = parseArgs({
  options: {
    port: { type: 'string', default: '8480' },
    tiles: { type: 'string', default: '2' },
    dir: { type: 'string', default: '.data/cluster' },
  },
});

async function main(): Promise<void> {
  const basePort = Number(flags.port);
  const tileProcesses = Number(flags.tiles);
  if (!Number.isInteger(basePort) || basePort < 1024 || basePort > 65000)
    throw new Error('--port must be a port number 1024-65000');
  if (!Number.isInteger(tileProcesses) || tileProcesses < 1 || tileProcesses > 8)
    throw new Error('--tiles must be 1-8');
  console.log('• Starting the cluster (primary, replica, app, tile processes, nginx)');
  const cluster = await startCluster({
    dir: resolve(repoRoot, flags.dir),
    basePort,
    tileProcesses,
    log: (line) => console.log(`  ${line}`),
  });
  console.log(`\nServing on ${cluster.url}  (Ctrl-C stops every process of the cluster)`);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the cluster`);
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`\nnpm run cluster failed: ${(error as Error).stack ?? error}`);
  process.exit(1);
});
