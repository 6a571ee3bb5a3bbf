/**
 * Production smoke test (issue 15), run by .ci/run after the suite: the image's
 * files and production dependencies, without Docker.
 *
 * 1. Copy what the Dockerfile's final image holds into a temporary directory and
 *    run the image's `npm ci --omit=dev` there (no dev dependency can hide a gap).
 * 2. `julia serve` on embedded storage answers /readyz, and stops cleanly.
 * 3. `julia migrate --shared`, then `web` and `worker` as two processes on the
 *    machine's PostgreSQL (a scratch database) and Redis (a unique prefix): one
 *    Evolution webhook is delivered to `web`, and the reply produced by `worker`
 *    reaches the Evolution fake. /metrics on `web` sees the worker's send.
 *
 * The vendor fakes live in tests/ (not in the image): they run here, from the
 * checkout; the service runs from the temporary directory. Prints one JSON line.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAnthropicFake, startEvolutionFake } from '../fakes/index.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { createScratchDatabase } from '../helpers/test-postgres.js';
import { teardown } from '../helpers/teardown.js';
import { TEST_REDIS_URL } from '../helpers/test-redis.js';
import { waitFor } from '../helpers/wait-for.js';
import { planFromDockerfile } from './dockerfile-plan.js';
import { freePort } from '../helpers/free-port.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const started = Date.now();
const timings: Record<string, number> = {};
const step = async <T>(name: string, fn: () => Promise<T> | T): Promise<T> => {
  const t = Date.now();
  log(`${name}...`);
  const out = await fn();
  timings[name] = Date.now() - t;
  return out;
};
function log(msg: string) {
  process.stderr.write(`[smoke] ${msg}\n`);
}

interface Service {
  name: string;
  proc: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
}

function startService(dir: string, cmd: string[], name: string, env: Record<string, string>): Service {
  const proc = spawn(cmd[0] === 'node' ? process.execPath : cmd[0]!, cmd.slice(1), {
    cwd: dir,
    // Only what a container has: no inherited developer environment.
    env: { PATH: process.env.PATH ?? '', HOME: dir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += String(d)));
  proc.stderr!.on('data', (d) => (out += String(d)));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return {
    name,
    proc,
    output: () => out,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

async function ready(port: number, service: Service, timeoutMs = 90_000) {
  await waitFor(
    async () => {
      if (service.proc.exitCode !== null) throw new Error(`${service.name} exited (${service.proc.exitCode}):\n${service.output().slice(-3000)}`);
      const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
      return res?.status === 200;
    },
    { timeoutMs, intervalMs: 300, what: `${service.name} /readyz` },
  ).catch((err: Error) => {
    throw new Error(`${err.message}\n${service.output().slice(-3000)}`);
  });
}

function julia(dir: string, args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ['src/julia.mjs', ...args], { cwd: dir, env: { PATH: process.env.PATH ?? '', HOME: dir, ...env }, encoding: 'utf8', timeout: 120_000 });
}

async function main(): Promise<void> {
  const plan = planFromDockerfile(join(ROOT, 'Dockerfile'));
  const dir = mkdtempSync(join(tmpdir(), 'julia-image-'));
  const cleanups: Array<() => Promise<unknown> | unknown> = [() => rmSync(dir, { recursive: true, force: true })];
  const services: Service[] = [];
  try {
    await step('copy image files', () => {
      for (const p of new Set([...plan.contextPaths, ...(plan.install?.files ?? [])])) cpSync(join(ROOT, p), join(dir, p), { recursive: true });
    });
    await step('npm ci --omit=dev', () => {
      const [bin, ...args] = plan.install!.command.split(/\s+/);
      const r = spawnSync(bin!, args, { cwd: dir, encoding: 'utf8', timeout: 600_000, env: { ...process.env, NODE_ENV: 'production' } });
      if (r.status !== 0) throw new Error(`${plan.install!.command} failed:\n${r.stdout}\n${r.stderr}`);
    });
    await step('image RUN steps', () => {
      for (const run of plan.runs) {
        const r = spawnSync('sh', ['-c', run], { cwd: dir, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NODE_ENV: 'production' } });
        if (r.status !== 0) throw new Error(`RUN ${run} failed:\n${r.stdout}\n${r.stderr}`);
      }
    });
    const imageEnv = { ...plan.env, LOG_LEVEL: 'warn', REDIS_URL: TEST_REDIS_URL };

    // 2. The laptop shape: one process, embedded PGlite.
    await step('serve /readyz', async () => {
      const port = await freePort();
      const data = join(dir, 'data');
      mkdirSync(data);
      const servePrefix = `smoke-serve-${process.pid}`;
      cleanups.push(() => teardown(servePrefix));
      const serve = startService(dir, ['node', 'src/julia.mjs', 'serve'], 'serve', {
        ...imageEnv, PORT: String(port), DATA_DIR: data, REDIS_PREFIX: servePrefix,
      });
      services.push(serve);
      await ready(port, serve);
      const code = await serve.stop();
      if (code !== 0) throw new Error(`serve exited ${code} on SIGTERM:\n${serve.output().slice(-2000)}`);
    });

    // 3. The deployed shape: web and worker on one PostgreSQL and one Redis.
    const scratch = await step('scratch database', () => createScratchDatabase('smoke'));
    cleanups.push(() => scratch.drop());
    const prefix = `smoke-${process.pid}-${Date.now().toString(36)}`;
    cleanups.push(() => teardown(prefix));
    const evolution = await startEvolutionFake({ apiKey: 'smoke-evo-key' });
    const reply = 'Oi! Aqui é a Júlia, da Revoluna. Me conta o que vc procura?';
    const anthropic = await startAnthropicFake({ handler: () => ({ text: reply }) });
    cleanups.push(() => evolution.close(), () => anthropic.close());
    const adminToken = 'smoke-admin-token-0123456789';
    const shared = {
      ...imageEnv,
      DATABASE_URL: scratch.url,
      REDIS_PREFIX: prefix,
      EVOLUTION_API_URL: evolution.url,
      EVOLUTION_API_KEY: 'smoke-evo-key',
      EVOLUTION_INSTANCE: 'julia-prod',
      EVOLUTION_WEBHOOK_TOKEN: 'smoke-webhook-token',
      ANTHROPIC_API_KEY: 'smoke-key',
      ANTHROPIC_BASE_URL: anthropic.url,
      ADMIN_TOKEN: adminToken,
      HUMANIZED_DELAY: 'off',
      TURN_DEBOUNCE_MS: '200',
    };
    await step('migrate --shared (release command)', () => {
      const r = julia(dir, ['migrate', '--shared'], shared);
      if (r.status !== 0) throw new Error(`migrate failed (${r.status}): ${r.stderr}`);
    });
    const port = await freePort();
    const web = startService(dir, ['node', 'src/julia.mjs', 'web'], 'web', { ...shared, PORT: String(port) });
    const worker = startService(dir, ['node', 'src/julia.mjs', 'worker'], 'worker', shared);
    services.push(web, worker);
    await step('web /readyz', () => ready(port, web));

    const phone = '5511987650001';
    await step('webhook end to end', async () => {
      const res = await fetch(`http://127.0.0.1:${port}/webhooks/evolution`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-webhook-token': 'smoke-webhook-token' },
        body: JSON.stringify(evolutionPayload('text-conversation', { id: `SMOKE-${Date.now()}`, remoteJid: `${phone}@s.whatsapp.net` })),
      });
      if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
      await waitFor(() => evolution.sentTexts().length > 0, { timeoutMs: 60_000, intervalMs: 200, what: 'the reply at Evolution' }).catch((err: Error) => {
        throw new Error(`${err.message}\n--- web\n${web.output().slice(-2000)}\n--- worker\n${worker.output().slice(-3000)}`);
      });
      const sent = evolution.sentTexts();
      if (sent.length !== 1 || sent[0]!.number !== phone || sent[0]!.instance !== 'julia-prod' || sent[0]!.text !== reply) {
        throw new Error(`unexpected sends: ${JSON.stringify(sent)}`);
      }
    });
    await step('metrics on web see the worker', async () => {
      const text = await waitFor(
        async () => {
          const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${adminToken}` } });
          const body = await res.text();
          return /^julia_sends_total\{method="REPLY",outcome="sent"\} 1$/m.test(body) ? body : undefined;
        },
        { timeoutMs: 15_000, intervalMs: 250, what: 'julia_sends_total on /metrics' },
      );
      if (!/^julia_inbound_messages_total 1$/m.test(text!)) throw new Error('julia_inbound_messages_total is not 1');
      if ((await fetch(`http://127.0.0.1:${port}/metrics`)).status !== 401) throw new Error('/metrics without the token is not 401');
    });
    await step('julia status', () => {
      const r = julia(dir, ['status'], shared);
      if (r.status !== 0 || !/mensagens enviadas\s+1/.test(r.stdout)) throw new Error(`julia status (${r.status}): ${r.stdout}${r.stderr}`);
    });
    await step('graceful stop', async () => {
      const codes = await Promise.all([web.stop(), worker.stop()]);
      if (codes.some((c) => c !== 0)) throw new Error(`web/worker exit codes on SIGTERM: ${codes.join(', ')}`);
    });
    console.log(JSON.stringify({ smoke: 'passed', seconds: Math.round((Date.now() - started) / 1000), timings_ms: timings }));
  } finally {
    await Promise.all(services.map((s) => s.stop().catch(() => null)));
    for (const c of cleanups.reverse()) await Promise.resolve(c()).catch((err: Error) => log(`cleanup: ${err.message}`));
  }
}

main().then(
  () => process.exit(0),
  (err: Error) => {
    log(`FAILED: ${err.message}`);
    process.exit(1);
  },
);
