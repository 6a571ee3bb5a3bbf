/**
 * Throughput of the one way out: valid replies to many doctors (so the
 * proactive limits do not apply) through sendOutbound against the Evolution
 * fake, on a migrated PGlite and real Redis. Prints one JSON object.
 *
 *   node --import tsx bench/outbound.ts [--messages 3000] [--concurrency 32]
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createPgliteWorkerDb, migrate } from '../src/db/index.js';
import { createFlagStore } from '../src/flags/index.js';
import { createEvolutionClient } from '../src/integrations/evolution/index.js';
import { createRateLimiter, createSendOutbound, type OutboundContext } from '../src/outbound/index.js';
import { createRedis } from '../src/redis/index.js';
import { silentLogger, systemClock } from '../src/shared/index.js';
import { dropPrefix } from './support/drop-prefix.js';
import { spawnEvolutionFake } from './support/spawn-evolution-fake.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const MESSAGES = arg('messages', 3_000);
const CONCURRENCY = arg('concurrency', 32);
const DOCTORS = Math.min(MESSAGES, 1_000);

// The embedded default as `julia serve` runs it: PGlite on its own thread.
const db = await createPgliteWorkerDb();
await migrate(db);
const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { name: 'bench' });
const prefix = `bench-outbound-${randomUUID().slice(0, 8)}`;
// The fake runs in its own process: its HTTP handling is not the wrapper's cost.
const fake = await spawnEvolutionFake(['julia']);
const flags = createFlagStore({ db, redis, prefix, logger: silentLogger });
const provider = createEvolutionClient({ baseUrl: fake.url, apiKey: fake.apiKey, logger: silentLogger });

// Doctors, each with a conversation and an inbound message a moment ago.
await db.exec(`
  insert into doctors (phone) select '55119' || lpad(g::text, 8, '0') from generate_series(1, ${DOCTORS}) g;
  insert into doctor_state (doctor_id) select id from doctors;
  insert into conversations (doctor_id, instance) select id, 'julia' from doctors;
  insert into interactions (conversation_id, doctor_id, direction, instance, provider_message_id, body, occurred_at)
    select c.id, c.doctor_id, 'inbound', 'julia', gen_random_uuid()::text, 'oi', now() from conversations c;`);
const rows = (
  await db.query<{ doctor_id: string; conversation_id: string; id: string; occurred_at: Date }>(
    `select doctor_id, conversation_id, id, occurred_at from interactions where direction = 'inbound'`,
  )
);
const contexts: OutboundContext[] = rows.map((r) => ({
  method: 'REPLY',
  doctorId: r.doctor_id,
  conversationId: r.conversation_id,
  inboundInteractionId: r.id,
  lastInboundAt: new Date(r.occurred_at).toISOString(),
  actor: 'julia',
}));

// Guardrail decision latency as the wrapper sees it: doctor state read + flags + rules.
const decisionMs: number[] = [];
const send = createSendOutbound({
  db,
  flags,
  provider,
  rateLimiter: createRateLimiter(redis, prefix),
  instances: ['julia'],
  clock: systemClock,
  logger: silentLogger,
  onDecision: (ms) => decisionMs.push(ms),
});

// Isolated decision latency: one send at a time (state read + flags + rules), after warm-up.
const isolatedMs: number[] = [];
{
  const collect = decisionMs.length;
  for (let n = 0; n < 300; n++) {
    const ctx = contexts[n % contexts.length]!;
    await send(ctx, `Aquecimento ${n}`, { idempotencyKey: `warm-${n}` });
  }
  isolatedMs.push(...decisionMs.splice(collect));
}
const warmSends = 300;

let next = 0;
const outcomes: Record<string, number> = {};
const sendMs: number[] = [];
const started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < MESSAGES) {
      const n = next++;
      const ctx = contexts[n % contexts.length]!;
      const t = performance.now();
      const res = await send(ctx, `Oi! Mensagem ${n} do benchmark`, { idempotencyKey: `bench-${n}` });
      sendMs.push(performance.now() - t);
      outcomes[res.outcome] = (outcomes[res.outcome] ?? 0) + 1;
    }
  }),
);
const elapsedS = (performance.now() - started) / 1000;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Number(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!.toFixed(3));
};

console.log(
  JSON.stringify({
    bench: 'outbound',
    messages: MESSAGES,
    doctors: DOCTORS,
    concurrency: CONCURRENCY,
    outcomes,
    provider_calls: (await fake.count()) - warmSends,
    elapsed_s: Number(elapsedS.toFixed(2)),
    sends_per_second: Math.round(MESSAGES / elapsedS),
    send_ms: { p50: pct(sendMs, 50), p99: pct(sendMs, 99) },
    // As the wrapper sees it under load: includes waiting for the single-threaded embedded database.
    guardrail_decision_under_load_ms: { p50: pct(decisionMs, 50), p99: pct(decisionMs, 99) },
    // One decision at a time: what a send pays when it is not queued behind others.
    guardrail_decision_ms: { p50: pct(isolatedMs.slice(50), 50), p99: pct(isolatedMs.slice(50), 99) },
    targets: { sends_per_second: 500, guardrail_decision_p99_ms: 5 },
  }),
);

await fake.stop();
redis.disconnect();
await dropPrefix(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix);
await db.close();
