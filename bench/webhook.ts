/**
 * Webhook acknowledgements, deployed: autocannon against a real `julia web`
 * process (real Redis under a private prefix, every request a distinct
 * WhatsApp message), alternated in the same run with a minimal Hono route that
 * only parses the body and adds one BullMQ job (support/minimal-webhook-
 * process.ts), so the ratio of the two is steady when the machine is not.
 * No worker consumes during the load, for either server: on two cores a
 * draining worker would take CPU from whichever route is measured. Afterwards
 * separate `julia worker` processes drain the queue into the database and we
 * check that every acknowledged message was persisted.
 *
 * On the embedded engine (--layout serve, the default without --database-url)
 * Júlia is one `julia serve` process on a fresh DATA_DIR, as deployed: its own
 * workers live in it, so the `inbound` queue is paused (in Redis, before serve
 * starts) while the load runs, the same measurement as the roles layout where
 * no worker runs yet; serve's idle workers and schedulers still share its
 * event loop, as they do live. Afterwards the queue is resumed, serve drains
 * it, stops, and the bench counts what DATA_DIR holds. `--drain-during-load`
 * leaves the queue running instead: acknowledgements while serve also stores
 * every message (its PGlite thread competing for the two cores).
 *
 *   node --import tsx bench/webhook.ts [--database-url postgres://127.0.0.1:5432] [--layout serve|roles]
 *     [--seconds 5] [--rounds 2] [--warmup-requests 5000] [--connections 16] [--workers 2 (roles)]
 *     [--drain-during-load (serve)] [--cpu-prof dir]
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Queue } from 'bullmq';
import { createRedis } from '../src/redis/index.js';
import { startAnthropicFake } from '../tests/fakes/anthropic-fake.js';
import { evolutionPayload } from '../tests/helpers/evolution-fixture.js';
import { freePort } from '../tests/helpers/free-port.js';
import { cpuSeconds } from './support/cpu-time.js';
import { dropPrefix } from './support/drop-prefix.js';
import { openEngine } from './support/engine.js';
import { cpuProfArg, ownChild, spawnJulia, waitForWeb, waitForWorkers, type JuliaProcess } from './support/spawn-julia.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 5);
const ROUNDS = arg('rounds', 2);
// Both servers first answer this many requests unmeasured: JIT-cold code would otherwise
// weigh on whichever server got fewer requests in its measured rounds (a count, not a
// time, so a loaded machine still warms both alike).
const WARMUP_REQUESTS = arg('warmup-requests', 5_000);
const CONNECTIONS = arg('connections', 16);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `bench-webhook-${Date.now()}`;
const log = (msg: string) => process.stderr.write(`[bench:webhook] ${msg}\n`);

const engine = await openEngine('webhook');
const SERVE = engine.layout === 'serve';
// serve is one process: web and workers in it.
const WORKERS = SERVE ? 1 : arg('workers', 2);
const DRAIN_DURING_LOAD = SERVE && process.argv.includes('--drain-during-load');
const inboundQueue = new Queue('inbound', { connection: createRedis(REDIS_URL, { name: 'bench', blocking: true }) as never, prefix });
// Turns are debounced past the bench's end (their jobs go with the prefix); the model fake
// is there only so a worker never stalls on a missing one.
const anthropic = await startAnthropicFake({ handler: () => ({ text: 'Oi!' }) });
const port = await freePort();
const env = {
  ...engine.env,
  PORT: String(port),
  REDIS_URL,
  REDIS_PREFIX: prefix,
  EVOLUTION_WEBHOOK_TOKEN: 'bench-token',
  ANTHROPIC_API_KEY: 'bench',
  ANTHROPIC_BASE_URL: anthropic.url,
  TURN_DEBOUNCE_MS: '120000',
};
const cpuProfDir = cpuProfArg();
const prof = cpuProfDir ? { cpuProfDir } : {};
let web: JuliaProcess;
if (SERVE) {
  // Paused before serve starts, so its workers take nothing during the load (see above).
  if (!DRAIN_DURING_LOAD) await inboundQueue.pause();
  await engine.release();
  log(`embedded: starting julia serve on :${port} (${engine.dataDir})${DRAIN_DURING_LOAD ? ', draining during the load' : ''}`);
  web = spawnJulia('serve', env, prof);
} else {
  log(`${engine.engine}: starting julia web on :${port}`);
  web = spawnJulia('web', env, prof);
}
await waitForWeb(port);
const basePort = await freePort();
const baseline = ownChild(spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'support/minimal-webhook-process.ts'), String(basePort), REDIS_URL, `${prefix}-baseline`], {
  stdio: ['ignore', 'pipe', 'inherit'],
}));
await once(baseline.stdout!, 'data');

const template = evolutionPayload('text-conversation');
let n = 0;
const acked = new Set<string>();
const body = (context: Record<string, unknown>) => {
  n++;
  context.id = `BENCH${n}`;
  template.data.key.id = context.id;
  template.data.key.remoteJid = `55119${String(10_000_000 + (n % 5_000)).padStart(8, '0')}@s.whatsapp.net`;
  return JSON.stringify(template);
};
const load = (target: number, record: boolean, amount?: number) =>
  autocannon({
    url: `http://127.0.0.1:${target}/webhooks/evolution`,
    method: 'POST',
    connections: CONNECTIONS,
    ...(amount ? { amount } : { duration: SECONDS }),
    headers: { 'content-type': 'application/json', 'x-webhook-token': 'bench-token' },
    requests: [
      {
        setupRequest: (req, context) => ({ ...req, body: body(context as Record<string, unknown>) }),
        // Exactly which messages Júlia acknowledged, to compare with what got stored.
        onResponse: (status, _body, context) => {
          if (record && status >= 200 && status < 300) acked.add(String((context as Record<string, unknown>).id));
        },
      },
    ],
  });

type Result = Awaited<ReturnType<typeof load>>;
const julia: Result[] = [];
const minimal: Result[] = [];
let juliaCpu = 0;
let minimalCpu = 0;
log(`warm-up: ${WARMUP_REQUESTS} requests on each server`);
await load(basePort, false, WARMUP_REQUESTS);
// Júlia's warm-up messages are drained and checked like the others.
await load(port, true, WARMUP_REQUESTS);
for (let r = 0; r < ROUNDS; r++) {
  log(`round ${r + 1}/${ROUNDS}: minimal route, then julia web, ${CONNECTIONS} connections x ${SECONDS}s each`);
  const [b0] = await cpuSeconds([baseline.pid!]);
  minimal.push(await load(basePort, false));
  const [b1, c0] = await cpuSeconds([baseline.pid!, web.pid]);
  minimalCpu += b1! - b0!;
  julia.push(await load(port, true));
  const [c1] = await cpuSeconds([web.pid]);
  juliaCpu += c1! - c0!;
}
baseline.kill('SIGTERM');
const accepted = acked.size;

let persisted = 0;
let drainSeconds: number;
let missing = 0;
const countPersisted = async () => {
  persisted = Number((await engine.query<{ n: string | number }>(`select count(*) as n from interactions where direction = 'inbound'`))[0]!.n);
};
const countStored = async () => {
  await countPersisted();
  const stored = new Set((await engine.query<{ id: string }>(`select provider_message_id as id from interactions where direction = 'inbound'`)).map((r) => r.id));
  missing = [...acked].filter((id) => !stored.has(id)).length;
};
if (SERVE) {
  // serve holds DATA_DIR: drained is told by the queue (nothing waiting, running or retrying),
  // and what got stored is read from DATA_DIR once serve has stopped.
  log(`draining ${accepted} accepted messages into DATA_DIR with julia serve's own workers`);
  await inboundQueue.resume();
  const drainStart = Date.now();
  for (;;) {
    const c = await inboundQueue.getJobCounts('wait', 'active', 'delayed', 'prioritized', 'waiting-children');
    if (Object.values(c).every((v) => v === 0) || Date.now() - drainStart > 300_000) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  drainSeconds = (Date.now() - drainStart) / 1000;
  await web.stop();
  await engine.reacquire();
  await countStored();
} else {
  await web.stop();
  log(`draining ${accepted} accepted messages into the database with ${WORKERS} julia worker process(es)`);
  const workers = Array.from({ length: WORKERS }, () => spawnJulia('worker', env, prof));
  await waitForWorkers(REDIS_URL, prefix, 'inbound', WORKERS);
  const drainStart = Date.now();
  for (;;) {
    await countPersisted();
    if (persisted >= accepted || Date.now() - drainStart > 300_000) break;
    await new Promise((r) => setTimeout(r, 1_000));
  }
  drainSeconds = (Date.now() - drainStart) / 1000;
  await countStored();
  await Promise.all(workers.map((w) => w.stop()));
}
await inboundQueue.close();
await anthropic.close();
await dropPrefix(REDIS_URL, prefix);
await engine.stop();

const total = (rs: Result[]) => rs.reduce((s, r) => s + r.requests.total, 0);
const perSecond = (rs: Result[]) => Math.round(total(rs) / (rs.length * SECONDS));
const worst = (rs: Result[], k: 'p50' | 'p99') => Math.max(...rs.map((r) => r.latency[k]));
console.log(
  JSON.stringify({
    bench: 'webhook',
    engine: engine.engine,
    layout: engine.layout,
    ...(SERVE && { drainDuringLoad: DRAIN_DURING_LOAD }),
    seconds: SECONDS,
    rounds: ROUNDS,
    warmupRequests: WARMUP_REQUESTS,
    connections: CONNECTIONS,
    julia: {
      requests: total(julia),
      webhooksPerSecond: perSecond(julia),
      // Worst round: a tail that shows in one round is a real tail.
      ackLatencyMs: { p50: worst(julia, 'p50'), p99: worst(julia, 'p99'), max: Math.max(...julia.map((r) => r.latency.max)) },
      non2xx: julia.reduce((s, r) => s + r.non2xx, 0),
      errors: julia.reduce((s, r) => s + r.errors + r.timeouts, 0),
      // CPU (user+sys) of the web process per request (serve: the one process, its PGlite thread
      // included): steadier than wall time on a busy machine.
      cpuMsPerRequest: Number(((juliaCpu * 1000) / total(julia)).toFixed(3)),
    },
    minimalRoute: {
      webhooksPerSecond: perSecond(minimal),
      ackLatencyMs: { p50: worst(minimal, 'p50'), p99: worst(minimal, 'p99') },
      cpuMsPerRequest: Number(((minimalCpu * 1000) / total(minimal)).toFixed(3)),
    },
    ratioToMinimal: Number((total(julia) / total(minimal)).toFixed(2)),
    accepted,
    // Can exceed `accepted`: requests still in flight when a round's time ran out were
    // processed by the server, but autocannon never counted their answers.
    persisted,
    acknowledgedButNotPersisted: missing,
    drainWorkers: WORKERS,
    drainSeconds,
    targets: { ratioToMinimal: 0.7, ackP99Ms: 15, acknowledgedButNotPersisted: 0 },
  }),
);
process.exit(0);
