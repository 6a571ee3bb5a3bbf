/**
 * Burst: 1,000 doctors write at the same moment; the model (Anthropic fake)
 * answers after 1.5 s. Measures, per doctor, the time from the webhook to the
 * reply reaching the Evolution fake, with the humanized delay off. The whole
 * service runs as production wires it (createApp: webhook, inbound, debounced
 * turns, agent with knowledge and memory, outbound wrapper) on PGlite + Redis.
 *
 *   node --import tsx bench/burst.ts [doctors=1000] [debounceMs=config default] [turnConcurrency=1000]
 *
 * Each doctor sends a different real message (the labelled evaluation set), so
 * retrieval, detectors and processors do the work they would in production.
 */
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createPgliteWorkerDb, migrate } from '../src/db/index.js';
import { indexKnowledge, selectEmbedder } from '../src/retrieval/index.js';
import { silentLogger } from '../src/shared/index.js';
import { startAnthropicFake } from '../tests/fakes/anthropic-fake.js';
import { evolutionPayload } from '../tests/helpers/evolution-fixture.js';
import { dropPrefix } from './support/drop-prefix.js';
import { spawnEvolutionFake } from './support/spawn-evolution-fake.js';
import { readFileSync } from 'node:fs';

const TEXTS = readFileSync(new URL('../tests/fixtures/classification/eval.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => (JSON.parse(l) as { text: string }).text);

const DOCTORS = Number(process.argv[2] ?? 1_000);
// Default: the configured quiet window (TURN_DEBOUNCE_MS's default).
const DEBOUNCE_MS = Number(process.argv[3] ?? loadConfig({}).TURN_DEBOUNCE_MS);
const TURN_CONCURRENCY = Number(process.argv[4] ?? 1_000);
const MODEL_LATENCY_MS = 1_500;
const log = (m: string) => process.stderr.write(`[bench:burst] ${m}\n`);

const evolution = await spawnEvolutionFake(['julia-prod']);
const anthropic = await startAnthropicFake({ handler: () => ({ text: 'Oi! Tenho sim, quer que eu te mande as opções?', delayMs: MODEL_LATENCY_MS }) });
// The embedded default as `julia serve` runs it: PGlite on its own thread.
const db = await createPgliteWorkerDb();
await migrate(db);
log('indexing knowledge/ so every turn retrieves as in production');
const embedder = selectEmbedder(loadConfig({}));
await indexKnowledge({ db, embedder, dir: new URL('../knowledge', import.meta.url).pathname });

const prefix = `bench-burst-${Date.now()}`;
const config = loadConfig({
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  EVOLUTION_API_URL: evolution.url,
  EVOLUTION_API_KEY: evolution.apiKey,
  EVOLUTION_INSTANCE: 'julia-prod',
  EVOLUTION_WEBHOOK_TOKEN: 'bench',
  ANTHROPIC_API_KEY: 'bench',
  ANTHROPIC_BASE_URL: anthropic.url,
  HUMANIZED_DELAY: 'off',
  TURN_DEBOUNCE_MS: String(DEBOUNCE_MS),
  TURN_CONCURRENCY: String(TURN_CONCURRENCY),
  OUTBOUND_CONCURRENCY: '64',
  LOG_LEVEL: 'silent',
});
const app = await createApp(config, { db, redisPrefix: prefix, logger: silentLogger });
await app.startWorkers();

const phoneOf = (i: number) => `55119${String(20_000_000 + i).padStart(8, '0')}`;
const postedAt = new Map<string, number>();
log(`${DOCTORS} doctors write at once`);
const started = Date.now();
const codes = await Promise.all(
  Array.from({ length: DOCTORS }, async (_, i) => {
    const phone = phoneOf(i);
    const body = evolutionPayload('text-conversation', { id: `BURST${i}`, text: TEXTS[i % TEXTS.length]!, remoteJid: `${phone}@s.whatsapp.net` });
    postedAt.set(phone, Date.now());
    const res = await app.http.request('/webhooks/evolution', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-token': 'bench' },
      body: JSON.stringify(body),
    });
    return res.status;
  }),
);
const acceptedIn = Date.now() - started;
// A doctor is answered when the first bubble of the reply reaches WhatsApp.
const firstArrival = new Map<string, number>();
for (let tick = 0; ; tick++) {
  for (const a of await evolution.arrivals()) if (!firstArrival.has(a.number) || a.at < firstArrival.get(a.number)!) firstArrival.set(a.number, a.at);
  if (firstArrival.size >= DOCTORS || Date.now() - started > 300_000) break;
  if (tick % 10 === 0) log(`${firstArrival.size}/${DOCTORS} doctors answered after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await new Promise((r) => setTimeout(r, 500));
}
const sent = await evolution.count();
const latencies = [...firstArrival]
  .filter(([number]) => postedAt.has(number))
  .map(([number, at]) => at - postedAt.get(number)!)
  .sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? null;

await app.close();
await Promise.all([evolution.stop(), anthropic.close()]);
await dropPrefix(config.redisUrl, prefix);

console.log(
  JSON.stringify({
    bench: 'burst',
    doctors: DOCTORS,
    webhooksAccepted: codes.filter((c) => c === 200).length,
    webhooksAcceptedInMs: acceptedIn,
    doctorsAnswered: firstArrival.size,
    bubblesSent: sent,
    modelLatencyMs: MODEL_LATENCY_MS,
    turnDebounceMs: DEBOUNCE_MS,
    turnConcurrency: TURN_CONCURRENCY,
    distinctTexts: Math.min(DOCTORS, TEXTS.length),
    humanizedDelay: 'off',
    timeToSendMs: { p50: pct(50), p95: pct(95), max: latencies.at(-1) ?? null },
    anthropicCalls: anthropic.calls().length,
    targets: { p95Ms: 10_000 },
  }),
);
process.exit(0);
