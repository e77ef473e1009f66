// What the figures were measured on: cores, memory, CPU model, kernel, Node and PostgreSQL/PostGIS.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { Sql } from '@parcel-map/tileserver/db/client';

export interface Machine {
  nproc: number;
  memoryGiB: number;
  cpuModel: string;
  kernel: string;
  node: string;
  postgres: string;
  postgis: string;
}

export async function describeMachine(sql: Sql): Promise<Machine> {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  const cpuModel = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? 'unknown';
  const [pg] = await sql<
    { v: string; g: string }[]
  >`SELECT current_setting('server_version') AS v, postgis_lib_version() AS g`;
  return {
    nproc: os.availableParallelism(),
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    cpuModel,
    kernel: `${os.type()} ${os.release()}`,
    node: process.version,
    postgres: pg?.v ?? 'unknown',
    postgis: pg?.g ?? 'unknown',
  };
}

export function machineLine(m: Machine): string {
  return `${m.nproc} cores (${m.cpuModel}), ${m.memoryGiB} GiB RAM, ${m.kernel}, Node ${m.node}, PostgreSQL ${m.postgres} + PostGIS ${m.postgis}`;
}
