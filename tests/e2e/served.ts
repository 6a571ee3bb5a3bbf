import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createRedis } from '../../src/redis/index.js';
import { createBullQueues, type BullQueues } from '../../workers/queue.js';
import { startAnthropicFake, startEvolutionFake, type AnthropicFake, type AnthropicHandler, type EvolutionFake } from '../fakes/index.js';
import { dropPrefix, testPrefix, testRedis, TEST_REDIS_URL } from '../helpers/test-redis.js';
import { safeJobId } from '../../src/shared/index.js';
import { waitFor } from '../helpers/wait-for.js';
import { migratedDataDir } from '../helpers/test-db.js';
import { freePort } from '../helpers/free-port.js';

const JULIA = join(import.meta.dirname, '../../src/julia.mjs');
export const SERVED_TOKEN = 'evo-webhook-token';
export const SERVED_INSTANCE = 'julia-prod';

export interface Served {
  evolution: EvolutionFake;
  anthropic: AnthropicFake;
  dataDir: string;
  prefix: string;
  /** http://127.0.0.1:<port> of the running service (Slack and admin routes). */
  url: string;
  /** The service's queues, seen from outside (same Redis, same prefix). */
  queues: BullQueues;
  /** Starts `julia serve` (again), waiting for /readyz. */
  start(env?: Record<string, string>): Promise<void>;
  /** SIGTERM and wait for a clean exit. */
  stop(): Promise<number | null>;
  post(body: unknown): Promise<Response>;
  stderr(): string;
  /** Everything the service printed, stdout (its logs) and stderr together. */
  output(): string;
  /** The running service's pid. */
  pid(): number | undefined;
  /** Signals the running service without waiting (SIGKILL: a crash). */
  kill(signal: NodeJS.Signals): boolean;
  running(): boolean;
  close(): Promise<void>;
}

/**
 * `julia serve` as a child process, the way an operator runs it: embedded PGlite
 * in a temporary DATA_DIR (a copy of the migrated template, removed by close()),
 * the test Redis under a private prefix, and the real SDKs pointed at loopback
 * fakes. The database can be read only once it stops.
 */
export async function startServed(opts: { anthropic: AnthropicHandler; /** Start from the demo data (`julia seed`). */ seed?: boolean }): Promise<Served> {
  const evolution = await startEvolutionFake({ apiKey: 'evo-key' });
  const anthropic = await startAnthropicFake({ handler: opts.anthropic });
  const dataDir = migratedDataDir('served', { seed: opts.seed ?? false });
  const prefix = testPrefix('served');
  const queues = createBullQueues(createRedis(TEST_REDIS_URL, { name: 'served-test', blocking: true }), prefix);
  const port = await freePort();
  let child: ChildProcess | undefined;
  let stderr = '';
  let output = '';
  const env = (extra: Record<string, string>) => ({
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    PORT: String(port),
    DATA_DIR: dataDir,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    EVOLUTION_API_URL: evolution.url,
    EVOLUTION_API_KEY: 'evo-key',
    EVOLUTION_INSTANCE: SERVED_INSTANCE,
    EVOLUTION_WEBHOOK_TOKEN: SERVED_TOKEN,
    ANTHROPIC_API_KEY: 'test-key',
    ANTHROPIC_BASE_URL: anthropic.url,
    HUMANIZED_DELAY: 'off',
    TURN_DEBOUNCE_MS: '300',
    LOG_LEVEL: 'warn',
    SLACK_MANAGER_IDS: 'UMANAGER1,UMANAGER2',
    ...extra,
  });
  const served: Served = {
    evolution,
    anthropic,
    dataDir,
    prefix,
    url: `http://127.0.0.1:${port}`,
    queues,
    async start(extra = {}) {
      const c = spawn(process.execPath, [JULIA, 'serve'], { env: env(extra), stdio: ['ignore', 'pipe', 'pipe'] });
      child = c;
      c.stdout!.on('data', (d) => (output += String(d)));
      c.stderr!.on('data', (d) => {
        stderr += String(d);
        output += String(d);
      });
      await waitFor(
        async () => {
          if (c.exitCode !== null) throw new Error(`julia serve exited ${c.exitCode}: ${stderr.slice(-500)}`);
          return (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status === 200;
        },
        { timeoutMs: 60_000, intervalMs: 100, what: 'julia serve /readyz' },
      );
    },
    async stop() {
      const c = child;
      child = undefined;
      if (!c || c.exitCode !== null) return c?.exitCode ?? null;
      const exited = new Promise<number | null>((resolve) => c.once('exit', (code) => resolve(code)));
      c.kill('SIGTERM');
      return exited;
    },
    post: (body) =>
      fetch(`http://127.0.0.1:${port}/webhooks/evolution`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-webhook-token': SERVED_TOKEN },
        body: JSON.stringify(body),
      }),
    stderr: () => stderr,
    output: () => output,
    pid: () => child?.pid,
    kill: (signal) => child?.kill(signal) ?? false,
    running: () => !!child && child.exitCode === null && child.signalCode === null,
    async close() {
      await served.stop();
      await queues.close();
      const r = testRedis();
      await dropPrefix(r, prefix);
      r.disconnect();
      await Promise.all([evolution.close(), anthropic.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return served;
}

/** Waits until the service has stored an inbound message (its job completed; completed inbound jobs leave Redis at once). */
export async function inboundDone(s: Served, id: string): Promise<void> {
  await waitFor(
    async () => {
      const job = await s.queues.queues.inbound.getJob(safeJobId('in', SERVED_INSTANCE, id));
      return !job || (await job.getState()) === 'completed';
    },
    { timeoutMs: 30_000, intervalMs: 100, what: `inbound job ${id} to complete` },
  );
}

/** What a `julia` command run beside the service printed, its exit status and how long it took. */
export interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/**
 * A `julia` command from another shell while the service runs: its own process with
 * nothing configured but the service's DATA_DIR and Redis (SIGKILLed after 90 s).
 */
export function juliaBeside(s: Pick<Served, 'dataDir' | 'prefix'>, ...args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [JULIA, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn', DATA_DIR: s.dataDir, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: s.prefix },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += String(d)));
    child.stderr!.on('data', (d) => (stderr += String(d)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('exit', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr, ms: Date.now() - started });
    });
  });
}
