/**
 * Burst: 1,000 doctors write at the same moment; the model (Anthropic fake)
 * answers after 1.5 s. Measures, per doctor, the time from posting the webhook
 * to the first bubble of the reply reaching the Evolution fake, with the
 * humanized delay off. Júlia runs as deployed: on the embedded engine one
 * `julia serve` (HTTP, workers and PGlite in one process, on a fresh DATA_DIR
 * with knowledge/ indexed before it starts); with --database-url (or
 * --layout roles) `julia web` takes the webhooks and separate `julia worker`
 * processes run inbound, debounced turns (agent with knowledge and memory)
 * and outbound. The fakes run outside them.
 *
 *   node --import tsx bench/burst.ts [--database-url postgres://127.0.0.1:5432]
 *     [--layout serve|roles] [--doctors 1000] [--workers 2 (roles)] [--debounce-ms <TURN_DEBOUNCE_MS default>]
 *     [--turn-concurrency 1000 (split across workers)] [--cpu-prof dir]
 *
 * Each doctor sends a different real message (the labelled evaluation set), so
 * retrieval, detectors and processors do the work they would in production.
 */
import { readFileSync } from 'node:fs';
import { loadConfig } from '../src/config.js';
import { indexKnowledge, selectEmbedder } from '../src/retrieval/index.js';
import { startAnthropicFake } from '../tests/fakes/anthropic-fake.js';
import { evolutionPayload } from '../tests/helpers/evolution-fixture.js';
import { freePort } from '../tests/helpers/free-port.js';
import { cpuSeconds } from './support/cpu-time.js';
import { dropPrefix } from './support/drop-prefix.js';
import { openEngine } from './support/engine.js';
import { cpuProfArg, spawnJulia, waitForWeb, waitForWorkers, type JuliaProcess } from './support/spawn-julia.js';
import { spawnEvolutionFake } from './support/spawn-evolution-fake.js';

const TEXTS = readFileSync(new URL('../tests/fixtures/classification/eval.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => (JSON.parse(l) as { text: string }).text);

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const engine = await openEngine('burst');
const SERVE = engine.layout === 'serve';
const DOCTORS = arg('doctors', 1_000);
// serve is one process: web and workers in it.
const WORKERS = SERVE ? 1 : arg('workers', 2);
// Default: the configured quiet window (TURN_DEBOUNCE_MS's default).
const DEBOUNCE_MS = arg('debounce-ms', loadConfig({}).TURN_DEBOUNCE_MS);
const TURN_CONCURRENCY = arg('turn-concurrency', 1_000);
const MODEL_LATENCY_MS = 1_500;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = (m: string) => process.stderr.write(`[bench:burst] ${m}\n`);

const evolution = await spawnEvolutionFake(['julia-prod']);
const anthropic = await startAnthropicFake({ handler: () => ({ text: 'Oi! Tenho sim, quer que eu te mande as opções?', delayMs: MODEL_LATENCY_MS }) });
log(`${engine.engine}: indexing knowledge/ so every turn retrieves as in production`);
await indexKnowledge({ db: engine.db, embedder: selectEmbedder(loadConfig({})), dir: new URL('../knowledge', import.meta.url).pathname });

const prefix = `bench-burst-${Date.now()}`;
const port = await freePort();
const env = {
  ...engine.env,
  PORT: String(port),
  REDIS_URL,
  REDIS_PREFIX: prefix,
  EVOLUTION_API_URL: evolution.url,
  EVOLUTION_API_KEY: evolution.apiKey,
  EVOLUTION_INSTANCE: 'julia-prod',
  EVOLUTION_WEBHOOK_TOKEN: 'bench',
  ANTHROPIC_API_KEY: 'bench',
  ANTHROPIC_BASE_URL: anthropic.url,
  HUMANIZED_DELAY: 'off',
  TURN_DEBOUNCE_MS: String(DEBOUNCE_MS),
  TURN_CONCURRENCY: String(Math.ceil(TURN_CONCURRENCY / WORKERS)),
  OUTBOUND_CONCURRENCY: '64',
};
const cpuProfDir = cpuProfArg();
const prof = cpuProfDir ? { cpuProfDir } : {};
let web: JuliaProcess;
let workers: JuliaProcess[];
if (SERVE) {
  // The indexed DATA_DIR goes to serve (it locks it); nothing reads it during the burst.
  await engine.release();
  log(`starting julia serve on :${port} (${engine.dataDir})`);
  web = spawnJulia('serve', env, prof);
  workers = [];
} else {
  log(`starting julia web and ${WORKERS} julia worker process(es)`);
  web = spawnJulia('web', env, prof);
  workers = Array.from({ length: WORKERS }, () => spawnJulia('worker', env, prof));
}
await Promise.all([waitForWeb(port), waitForWorkers(REDIS_URL, prefix, 'turn', WORKERS)]);
const pids = [web.pid, ...workers.map((w) => w.pid), ...(engine.pid ? [engine.pid] : [])];
const cpu0 = await cpuSeconds(pids);

const phoneOf = (i: number) => `55119${String(20_000_000 + i).padStart(8, '0')}`;
const postedAt = new Map<string, number>();
log(`${DOCTORS} doctors write at once`);
const started = Date.now();
const codes = await Promise.all(
  Array.from({ length: DOCTORS }, async (_, i) => {
    const phone = phoneOf(i);
    const body = JSON.stringify(evolutionPayload('text-conversation', { id: `BURST${i}`, text: TEXTS[i % TEXTS.length]!, remoteJid: `${phone}@s.whatsapp.net` }));
    postedAt.set(phone, Date.now());
    const res = await fetch(`http://127.0.0.1:${port}/webhooks/evolution`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-token': 'bench' },
      body,
    }).catch(() => undefined);
    await res?.arrayBuffer();
    return res?.status ?? 0;
  }),
);
const acceptedIn = Date.now() - started;
// A doctor is answered when the first bubble of the reply reaches WhatsApp.
const firstArrival = new Map<string, number>();
for (let tick = 0; ; tick++) {
  for (const a of await evolution.arrivals()) if (!firstArrival.has(a.number) || a.at < firstArrival.get(a.number)!) firstArrival.set(a.number, a.at);
  if (firstArrival.size >= DOCTORS || Date.now() - started > 180_000) break;
  if (tick % 10 === 0) log(`${firstArrival.size}/${DOCTORS} doctors answered after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await new Promise((r) => setTimeout(r, 500));
}
const cpu1 = await cpuSeconds(pids);
const sent = await evolution.count();
const latencies = [...firstArrival]
  .filter(([number]) => postedAt.has(number))
  .map(([number, at]) => at - postedAt.get(number)!)
  .sort((a, b) => a - b);
// A doctor never answered within the window counts as slower than any answered one: the
// percentiles are over all doctors, and one that falls on an unanswered doctor is null.
while (latencies.length < DOCTORS) latencies.push(Number.POSITIVE_INFINITY);
const pct = (p: number) => {
  const v = latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return v === undefined || !Number.isFinite(v) ? null : v;
};

await Promise.all([web.stop(), ...workers.map((w) => w.stop())]);
await Promise.all([evolution.stop(), anthropic.close()]);
await dropPrefix(REDIS_URL, prefix);
await engine.stop();

const cpuMs = (i: number) => Math.round((cpu1[i]! - cpu0[i]!) * 1000);
console.log(
  JSON.stringify({
    bench: 'burst',
    engine: engine.engine,
    layout: engine.layout,
    processes: SERVE ? { serve: 1 } : { web: 1, workers: WORKERS },
    doctors: DOCTORS,
    webhooksAccepted: codes.filter((c) => c === 200).length,
    // 503 is the route saying "Redis was slow, retry" (its job id makes a late add harmless);
    // 0 is a connection the bench could not complete. The bench does not retry.
    webhookStatuses: codes.reduce<Record<string, number>>((m, c) => ({ ...m, [c]: (m[c] ?? 0) + 1 }), {}),
    webhooksAcceptedInMs: acceptedIn,
    doctorsAnswered: firstArrival.size,
    bubblesSent: sent,
    modelLatencyMs: MODEL_LATENCY_MS,
    turnDebounceMs: DEBOUNCE_MS,
    turnConcurrencyPerWorker: Math.ceil(TURN_CONCURRENCY / WORKERS),
    distinctTexts: Math.min(DOCTORS, TEXTS.length),
    humanizedDelay: 'off',
    timeToSendMs: { p50: pct(50), p95: pct(95), max: pct(100) },
    // CPU the roles spent during the burst (user+sys, all threads): steadier than wall time on a
    // busy machine. roles: the embedded database's process apart; a PostgreSQL server's is not
    // measured. serve: one process, its PGlite thread included.
    cpuMsPerDoctor: SERVE ? { serve: Number((cpuMs(0) / DOCTORS).toFixed(2)) } : { web: Number((cpuMs(0) / DOCTORS).toFixed(2)), workers: Number((workers.reduce((s, _, k) => s + cpuMs(k + 1), 0) / DOCTORS).toFixed(2)), ...(engine.pid && { embeddedDb: Number((cpuMs(WORKERS + 1) / DOCTORS).toFixed(2)) }) },
    anthropicCalls: anthropic.calls().length,
    targets: { p95Ms: 10_000 },
  }),
);
process.exit(0);
