// Child processes of the benchmark: start them pinned to a CPU set with taskset, wait until they answer
// HTTP, stop exactly the ones we started (by pid), and pin or unpin the PostgreSQL server's processes.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';

export interface Pinning {
  /** CPU list for wrk (the load generator), e.g. "0"; undefined = no pinning. */
  client?: string;
  /** CPU list for servers, the DB-limit worker and PostgreSQL, e.g. "1". */
  server?: string;
}

export interface Started {
  name: string;
  child: ChildProcess;
  output: () => string;
}

const started = new Set<Started>();

/** Starts a command, under `taskset -c cpus` when a CPU list is given; keeps the last 64 KB of output. */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cpus?: string; cwd?: string } = {},
): Started {
  const [bin, argv] = options.cpus ? ['taskset', ['-c', options.cpus, command, ...args]] : [command, args];
  const child = spawn(bin, argv, {
    env: { ...process.env, ...options.env },
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let buffer = '';
  const keep = (chunk: Buffer) => {
    buffer = (buffer + chunk.toString()).slice(-65536);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const entry: Started = { name, child, output: () => buffer };
  started.add(entry);
  child.once('exit', () => started.delete(entry));
  return entry;
}

export async function stopProcess(entry: Started, timeoutMs = 5000): Promise<void> {
  const { child } = entry;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((res) => child.once('exit', () => res()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...started].map((s) => stopProcess(s)));
}

/** Polls a URL until it answers with a status below 500, the process exits, or the time runs out. */
export async function waitForHttp(url: string, entry: Started | undefined, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (entry && entry.child.exitCode !== null) {
      throw new Error(
        `${entry.name} exited with code ${entry.child.exitCode} before answering:\n${entry.output().slice(-3000)}`,
      );
    }
    const status = await new Promise<number>((res) => {
      const req = http.get(url, (response) => {
        response.resume();
        res(response.statusCode ?? 0);
      });
      req.on('error', () => res(0));
      req.setTimeout(2000, () => req.destroy());
    });
    if (status > 0 && status < 500) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(
    `${entry?.name ?? url} did not answer within ${timeoutMs / 1000}s:\n${entry?.output().slice(-3000) ?? ''}`,
  );
}

/** Runs a command to completion and returns its stdout (throws with stderr on failure). */
export function runSync(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cpus?: string } = {},
): string {
  const [bin, argv] = options.cpus ? ['taskset', ['-c', options.cpus, command, ...args]] : [command, args];
  const result = spawnSync(bin, argv, {
    env: { ...process.env, ...options.env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0)
    throw new Error(`${command} failed (${result.status}): ${(result.stderr || result.stdout).slice(-3000)}`);
  return result.stdout;
}

/** Runs a command asynchronously (so the orchestrator can keep timing) and returns its stdout. */
export function runAsync(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cpus?: string } = {},
): Promise<string> {
  const entry = startProcess(command, command, args, options);
  let stdout = '';
  entry.child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return new Promise((res, rej) => {
    entry.child.once('exit', (code) => {
      if (code === 0) res(stdout);
      else rej(new Error(`${command} exited with ${code}: ${entry.output().slice(-3000)}`));
    });
  });
}

/** The pids of the PostgreSQL server of a data directory: the postmaster and its children. */
export function postgresPids(dataDir: string): number[] {
  const pidFile = `${dataDir}/postmaster.pid`;
  if (!existsSync(pidFile)) return [];
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(postmaster) || postmaster <= 0) return [];
  const children = spawnSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
    .stdout.split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return [postmaster, ...children];
}

/**
 * Sets the CPU affinity of the PostgreSQL processes of one data directory. New backends fork from the
 * postmaster and inherit its affinity, so connections opened afterwards are pinned too.
 */
export function pinPostgres(dataDir: string, cpus: string): number {
  const pids = postgresPids(dataDir);
  for (const pid of pids) spawnSync('taskset', ['-a', '-cp', cpus, String(pid)], { stdio: 'ignore' });
  return pids.length;
}

/** All CPUs of the machine as a taskset list ("0-1" on two cores). */
export function allCpus(): string {
  const count = Number(spawnSync('nproc', ['--all'], { encoding: 'utf8' }).stdout.trim()) || 1;
  return count === 1 ? '0' : `0-${count - 1}`;
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces); undefined when gone. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/**
 * CPU time (clock ticks) of a PostgreSQL cluster so far: the postmaster, its live children, and the
 * children it has reaped (its cutime and cstime), so the backends of closed connections still count.
 */
export function postgresCpuTicks(dataDir: string): number {
  const [postmaster, ...children] = postgresPids(dataDir);
  if (postmaster === undefined) return 0;
  const own = statFields(postmaster);
  const reaped = own ? Number(own[13]) + Number(own[14]) : 0;
  return reaped + cpuTicks([postmaster, ...children]);
}

/** CPU time (clock ticks) used so far by a set of processes; gone processes count as 0. */
export function cpuTicks(pids: readonly number[]): number {
  let total = 0;
  for (const pid of pids) {
    // utime and stime are the 12th and 13th fields after the command name; an exited process counts 0.
    const fields = statFields(pid);
    if (fields) total += Number(fields[11]) + Number(fields[12]);
  }
  return total;
}

/**
 * Waits until the given processes stop using CPU (two quiet 250 ms samples in a row) and `busy()`
 * reports nothing, so work abandoned by one cell (a peer still rendering tiles whose client left)
 * does not run into the next cell. Gives up after maxMs and says how long it waited.
 */
export async function waitQuiet(pids: readonly number[], busy: () => Promise<number>, maxMs = 90_000): Promise<number> {
  const started = Date.now();
  let quiet = 0;
  let last = cpuTicks(pids);
  while (Date.now() - started < maxMs && quiet < 2) {
    await new Promise((r) => setTimeout(r, 250));
    const now = cpuTicks(pids);
    // A tick is 10 ms: at most 2 ticks in 250 ms is an idle event loop, not rendering.
    quiet = now - last <= 2 && (await busy()) === 0 ? quiet + 1 : 0;
    last = now;
  }
  return Date.now() - started;
}
