/**
 * Throughput of the one way out, deployed: `outbound` jobs (replies to many
 * doctors, so the proactive limits do not apply) enqueued the way producers
 * enqueue them, and drained by Júlia's workers (one `julia serve` on the
 * embedded engine, separate `julia worker` processes otherwise) through
 * BullMQ, sendOutbound (guardrails, dedupe reservation, rate limits, provider
 * call, recorded outcome) and the Evolution fake in a process of its own.
 * Measures sends/s from releasing the (paused, filled) queue until every message
 * reached the fake,
 * and checks each message got exactly one outcome event. Prints one JSON object.
 *
 *   node --import tsx bench/outbound.ts [--database-url postgres://127.0.0.1:5432]
 *     [--layout serve|roles] [--messages 3000] [--workers 1] [--concurrency 64] [--cpu-prof dir]
 *
 * No --database-url: the embedded engine, by default as one `julia serve`
 * (support/engine.ts says how each layout shares the database).
 *
 * How the replies get into the queue under `julia serve`, which locks
 * DATA_DIR: enqueueing an outbound job needs only Redis (createOutboundEnqueuer
 * adds a BullMQ job keyed by the idempotency key; every database row of the
 * send is written by the worker). What the replies answer (doctors,
 * conversations, an inbound message each) is seeded into DATA_DIR before serve
 * opens it, as a user's existing database would hold it; the outcome checks
 * read DATA_DIR after serve has stopped. So nothing but Júlia touches the
 * database during the run, and the timed span (queue released -> last message
 * at the fake) is the same as in the roles layout. Not inbound webhooks that
 * produce replies: that would time the agent and the turn debounce, which
 * bench/burst.ts measures, not the way out.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createOutboundEnqueuer, type OutboundContext } from '../src/outbound/index.js';
import { createRedis } from '../src/redis/index.js';
import { createJobSigner } from '../src/shared/index.js';
import { createBullQueues } from '../workers/queue.js';
import { dropPrefix } from './support/drop-prefix.js';
import { openEngine } from './support/engine.js';
import { cpuSeconds, cpuSecondsByCommand } from './support/cpu-time.js';
import { cpuProfArg, spawnJulia, waitForWeb, waitForWorkers, type JuliaProcess } from './support/spawn-julia.js';
import { freePort } from '../tests/helpers/free-port.js';
import { spawnEvolutionFake } from './support/spawn-evolution-fake.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const engine = await openEngine('outbound');
const SERVE = engine.layout === 'serve';
const MESSAGES = arg('messages', 3_000);
// serve is one process: web and workers in it. roles: one worker by default. On this
// 2-core machine a second worker process only splits the same cores: in alternated runs
// two workers (32 in flight each) spent 0.77-0.82 ms of worker CPU per send against
// 0.46-0.53 for one (64 in flight), and their extra backends cost the server 0.2-0.3 ms
// more, 849-976 sends/s against 1,064-1,287 (docs/decisions/0215-outbound-commit-and-pool.md).
// --workers 2 measures the two-process layout.
const WORKERS = SERVE ? 1 : arg('workers', 1);
// Per worker process (OUTBOUND_CONCURRENCY): 64 sends under way in either layout by default.
const CONCURRENCY = arg('concurrency', Math.max(1, Math.round(64 / WORKERS)));
const DOCTORS = Math.min(MESSAGES, 1_000);
const WARM = 300;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = (m: string) => process.stderr.write(`[bench:outbound] ${m}\n`);

const prefix = `bench-outbound-${randomUUID().slice(0, 8)}`;
const fake = await spawnEvolutionFake(['julia']);

// Doctors, each with a conversation and an inbound message a moment ago (not timed).
await engine.exec(`
  insert into doctors (phone) select '55119' || lpad(g::text, 8, '0') from generate_series(1, ${DOCTORS}) g;
  insert into doctor_state (doctor_id) select id from doctors;
  insert into conversations (doctor_id, instance) select id, 'julia' from doctors;
  insert into interactions (conversation_id, doctor_id, direction, instance, provider_message_id, body, occurred_at)
    select c.id, c.doctor_id, 'inbound', 'julia', gen_random_uuid()::text, 'oi', now() from conversations c;
  -- Handled, as the turns that answer them would leave them: otherwise the workers' inbound
  -- sweeper re-arms a turn for each after a minute, and (no model configured) each hands the
  -- doctor to a person, blocking the rest of the bench's replies as human_control.
  insert into inbound_handled (interaction_id, conversation_id)
    select id, conversation_id from interactions where direction = 'inbound';`);
const rows = await engine.query<{ doctor_id: string; conversation_id: string; id: string; occurred_at: string }>(
  `select doctor_id, conversation_id, id, occurred_at from interactions where direction = 'inbound'`,
);
const contexts: OutboundContext[] = rows.map((r) => ({
  method: 'REPLY',
  doctorId: r.doctor_id,
  conversationId: r.conversation_id,
  inboundInteractionId: r.id,
  lastInboundAt: new Date(r.occurred_at).toISOString(),
  actor: 'julia',
}));

const cpuProfDir = cpuProfArg();
// Outbound jobs are signed (decision 0160): the bench enqueues with the key the workers verify with.
const JOB_SIGNING_KEY = randomBytes(32).toString('hex');
const env = {
  ...engine.env,
  REDIS_URL,
  REDIS_PREFIX: prefix,
  EVOLUTION_API_URL: fake.url,
  EVOLUTION_API_KEY: fake.apiKey,
  EVOLUTION_INSTANCE: 'julia',
  HUMANIZED_DELAY: 'off',
  OUTBOUND_CONCURRENCY: String(CONCURRENCY),
  JOB_SIGNING_KEY,
};
const prof = { ...(cpuProfDir && { cpuProfDir }) };
let workers: JuliaProcess[];
if (SERVE) {
  // The seeded DATA_DIR goes to serve; the bench reads it again only after serve stops.
  await engine.release();
  const port = await freePort();
  log(`embedded: starting julia serve on :${port} (${engine.dataDir}), outbound concurrency ${CONCURRENCY}`);
  workers = [spawnJulia('serve', { ...env, PORT: String(port) }, prof)];
  await waitForWeb(port);
} else {
  log(`${engine.engine}: starting ${WORKERS} worker process(es), outbound concurrency ${CONCURRENCY} each`);
  workers = Array.from({ length: WORKERS }, () => spawnJulia('worker', env, prof));
}
await waitForWorkers(REDIS_URL, prefix, 'outbound', WORKERS);

const queues = createBullQueues(createRedis(REDIS_URL, { name: 'bench', blocking: true }), prefix);
const outbound = createOutboundEnqueuer(queues, createJobSigner(JOB_SIGNING_KEY));
const enqueue = (from: number, to: number, label: string) =>
  Promise.all(
    Array.from({ length: to - from }, (_, k) => {
      const n = from + k;
      return outbound.enqueueOutbound(contexts[n % contexts.length]!, `Oi! Mensagem ${n} do benchmark (${label})`, { idempotencyKey: `${label}-${n}` });
    }),
  );
const untilSent = async (count: number, timeoutMs: number) => {
  const until = Date.now() + timeoutMs;
  while ((await fake.count()) < count && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
};

// Warm-up (not measured): JIT, connection pools and prepared statements in every worker.
await enqueue(0, WARM, 'warm');
await untilSent(WARM, 60_000);

log(`${MESSAGES} messages`);
const pids = [...workers.map((w) => w.pid), ...(engine.pid ? [engine.pid] : []), fake.pid];
// The shared servers have no pid of the bench's own: read by command name (this machine's
// PostgreSQL and Redis serve only the bench while it runs).
const SERVERS = ['postgres', 'redis-server'];
const cpu0 = await cpuSeconds(pids);
const servers0 = await cpuSecondsByCommand(SERVERS);
const bench0 = process.cpuUsage();
// Queued while the queue is paused, so the figure is the workers' pace and not the
// enqueuing bench's (one process adding 3,000 jobs is slower on a loaded machine).
const outboundQueue = queues.queues.outbound;
await outboundQueue.pause();
const enqueueStarted = performance.now();
await enqueue(0, MESSAGES, 'bench');
const enqueuedMs = performance.now() - enqueueStarted;
const started = performance.now();
await outboundQueue.resume();
await untilSent(WARM + MESSAGES, 120_000);
const elapsedS = (performance.now() - started) / 1000;
const providerCalls = (await fake.count()) - WARM;
const cpu1 = await cpuSeconds(pids);
const servers1 = await cpuSecondsByCommand(SERVERS);
const bench1 = process.cpuUsage(bench0);
// No message may reach WhatsApp twice, whatever the load: this bench's texts are all distinct.
const seen = new Map<string, number>();
for (const t of await fake.texts()) if (t.includes('do benchmark')) seen.set(t, (seen.get(t) ?? 0) + 1);
const duplicates = [...seen.values()].filter((c) => c > 1).length;
const otherTexts = (await fake.count()) - [...seen.values()].reduce((a, b) => a + b, 0);
const perSend = (seconds: number) => Number(((seconds * 1000) / MESSAGES).toFixed(2));
const cpuMsPerSend = (from: number, to: number) =>
  Number(((cpu1.slice(from, to).reduce((a, b) => a + b, 0) - cpu0.slice(from, to).reduce((a, b) => a + b, 0)) * 1000 / MESSAGES).toFixed(2));

await Promise.all(workers.map((w) => w.stop()));
await engine.reacquire();
// Exactly one outcome per send (invariant I2), warm-up included. Only this bench's keys:
// the workers also run Júlia's schedules (follow-ups and the like), which may send too.
const outcomes = Object.fromEntries(
  (
    await engine.query<{ event_type: string; n: string | number }>(
      `select event_type, count(*) as n from business_events
        where event_type in ('doctor_outbound','outbound_blocked','outbound_bypass','outbound_deduped')
          and (dedupe_key like 'outbound:bench-%' or dedupe_key like 'outbound:warm-%') group by 1`,
    )
  ).map((r) => [r.event_type, Number(r.n)]),
);
// Why any of this bench's sends did not go out (expected: none).
const blockedRules = Object.fromEntries(
  (
    await engine.query<{ rule: string; n: string | number }>(
      `select coalesce(rule, status) as rule, count(*) as n from outbound_messages
        where status <> 'sent' and (idempotency_key like 'bench-%' or idempotency_key like 'warm-%') group by 1`,
    )
  ).map((r) => [r.rule, Number(r.n)]),
);
const outcomeEvents = Object.values(outcomes).reduce((a, b) => a + b, 0);

await queues.close();
await fake.stop();
await dropPrefix(REDIS_URL, prefix);
await engine.stop();

console.log(
  JSON.stringify({
    bench: 'outbound',
    engine: engine.engine,
    layout: engine.layout,
    // Worker processes: under serve, the one process that also serves HTTP.
    workers: WORKERS,
    concurrencyPerWorker: CONCURRENCY,
    messages: MESSAGES,
    doctors: DOCTORS,
    provider_calls: providerCalls,
    // Bench texts that reached the fake more than once (must be 0), and texts the workers sent
    // on their own (Júlia's schedules run in them too).
    duplicate_texts: duplicates,
    other_texts: otherTexts,
    outcomes,
    // Warm-up and measured sends: each must have exactly one outcome event.
    outcome_events_vs_sends: `${outcomeEvents}/${WARM + MESSAGES}`,
    not_sent_by_rule: blockedRules,
    enqueue_ms: Math.round(enqueuedMs),
    elapsed_s: Number(elapsedS.toFixed(2)),
    sends_per_second: Math.round(providerCalls / elapsedS),
    // CPU (user+sys, all threads) per send: steadier than wall time on a busy machine.
    // roles: the embedded database's process is counted apart (embedded_db), a PostgreSQL
    // server's by command name below. serve: `workers` is the serve process, its PGlite thread included.
    cpu_ms_per_send: {
      workers: cpuMsPerSend(0, WORKERS),
      ...(engine.pid && { embedded_db: cpuMsPerSend(WORKERS, WORKERS + 1) }),
      // Where the rest of the machine went: the measured window's whole bill, so the
      // figures show what a 1,000/s target needs (2 cores: 2 ms per send summed).
      ...(engine.engine === 'postgres' && { postgres_server: perSend(servers1.postgres! - servers0.postgres!) }),
      redis_server: perSend(servers1['redis-server']! - servers0['redis-server']!),
      evolution_fake: cpuMsPerSend(pids.length - 1, pids.length),
      bench: perSend((bench1.user + bench1.system) / 1e6),
    },
    targets: { sends_per_second: engine.engine === 'embedded' ? 500 : 1_000 },
  }),
);
process.exit(0);
