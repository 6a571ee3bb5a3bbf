/**
 * The CLI beside `julia serve` on the embedded default. Prints one JSON object:
 *  - `julia status --json` wall time, each run its own process, beside a running
 *    service (through its socket) and, once the service stops, alone (the command
 *    opens DATA_DIR itself);
 *  - the service's /readyz latency while nothing else runs and while commands run
 *    one after another beside it.
 *
 *   node --import tsx bench/cli-beside-serve.ts [--runs 20]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('runs', 20);
const JULIA = join(import.meta.dirname, '../src/julia.mjs');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
  return { n: sorted.length, median_ms: at(0.5), p95_ms: at(0.95), max_ms: Math.round(sorted.at(-1)!) };
};

const port = await freePort();
const env = {
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '/tmp',
  LOG_LEVEL: 'warn',
  PORT: String(port),
  DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-cli-beside-')),
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  REDIS_PREFIX: `bench-cli-beside-${process.pid}`,
};
const status = () =>
  new Promise<number>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [JULIA, 'status', '--json'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += String(d)));
    child.on('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`julia status exited ${code}: ${err}`))));
  });
const readyz = async () => {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/readyz`);
  if (res.status !== 200) throw new Error(`/readyz answered ${res.status}`);
  return performance.now() - started;
};
const probe = async (until: () => boolean) => {
  const ms: number[] = [];
  while (!until()) {
    ms.push(await readyz());
    await sleep(25);
  }
  return ms;
};

const service: ChildProcess = spawn(process.execPath, [JULIA, 'serve'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
const bootStarted = performance.now();
for (;;) {
  if ((await readyz().catch(() => null)) !== null) break;
  await sleep(250);
}
const bootMs = performance.now() - bootStarted;

const idleReadyz = await probe(((end) => () => performance.now() > end)(performance.now() + 2_000));
let done = false;
const busyReadyzPromise = probe(() => done);
const beside: number[] = [];
for (let i = 0; i < RUNS; i++) beside.push(await status());
done = true;
const busyReadyz = await busyReadyzPromise;

const exited = new Promise((resolve) => service.once('exit', resolve));
service.kill('SIGTERM');
await exited;
const alone: number[] = [];
for (let i = 0; i < Math.min(RUNS, 5); i++) alone.push(await status());

console.log(
  JSON.stringify(
    {
      runs: RUNS,
      serve_boot_ms: Math.round(bootMs),
      status_beside_serve: stats(beside),
      status_alone: stats(alone),
      readyz_idle: stats(idleReadyz),
      readyz_while_commands_run: stats(busyReadyz),
    },
    null,
    2,
  ),
);
