import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { createRedis } from '../../src/redis/index.js';

const JULIA = join(import.meta.dirname, '../../src/julia.mjs');

/** Children a benchmark started: killed if it exits without stopping them (a crash, a timeout). */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});
// A signal would end the bench without 'exit' handlers: turn it into an exit.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
export function ownChild(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export interface JuliaProcess {
  role: 'serve' | 'web' | 'worker';
  pid: number;
  /** SIGTERM and wait: the role shuts down gracefully (and writes its CPU profile). */
  stop(): Promise<void>;
}

/** `--cpu-prof <dir>`: each spawned role writes a V8 CPU profile there when it stops. */
export function cpuProfArg(argv = process.argv): string | undefined {
  const i = argv.indexOf('--cpu-prof');
  return i >= 0 ? (argv[i + 1] ?? '.cpuprofile') : undefined;
}

/**
 * Starts `julia <role>` as its own OS process, exactly the binary production
 * runs, with only the given environment (no inherited secrets or settings) and
 * the production log level unless told otherwise (logs go to /dev/null, but are
 * still formatted and written: a hot-path log line costs what it costs live).
 */
export function spawnJulia(role: 'serve' | 'web' | 'worker', env: Record<string, string>, opts: { cpuProfDir?: string } = {}): JuliaProcess {
  const execArgv = opts.cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', opts.cpuProfDir] : [];
  const child: ChildProcess = ownChild(spawn(process.execPath, [...execArgv, JULIA, role], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  }));
  const exited = once(child, 'exit');
  return {
    role,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Waits until `julia web` (or `julia serve`) answers /readyz (database and Redis reachable). */
export async function waitForWeb(port: number, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`julia web on :${port} did not become ready`);
}

/** Waits until `count` BullMQ workers listen on `queue`: the worker processes are taking jobs. */
export async function waitForWorkers(redisUrl: string, prefix: string, queue: string, count: number, timeoutMs = 180_000): Promise<void> {
  const q = new Queue(queue, { connection: createRedis(redisUrl, { blocking: true }) as never, prefix });
  try {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if ((await q.getWorkersCount()) >= count) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${count} workers did not start on ${queue}`);
  } finally {
    await q.close();
  }
}
