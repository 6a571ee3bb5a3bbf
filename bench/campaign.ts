/**
 * Campaigns at scale. Prints one JSON object.
 *  1. Planning a campaign for 100,000 doctors on the embedded database: the
 *     audience query, the send records (set-based batches) and the first
 *     enqueue, which the real per-number limits cap; peak RSS of the Júlia
 *     process (the database runs in its own process, like Postgres).
 *  2. Send throughput with the limits lifted: a campaign drained by outbound
 *     workers through the wrapper against the Evolution fake (own process).
 *
 *   node --import tsx bench/campaign.ts [--doctors 100000] [--sends 2000] [--instances 10]
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createCampaignCommands, createDispatcher } from '../src/campaigns/index.js';
import { createSupabaseDb } from '../src/db/index.js';
import { createFlagStore } from '../src/flags/index.js';
import { createEvolutionClient } from '../src/integrations/evolution/index.js';
import { createOutboundEnqueuer, createRateLimiter, createSendOutbound } from '../src/outbound/index.js';
import { createRedis } from '../src/redis/index.js';
import { createJobSigner, silentLogger, type Clock } from '../src/shared/index.js';
import { createOutboundWithdrawer } from '../workers/campaign-withdraw.js';
import { startWorkers } from '../workers/index.js';
import { createOutboundHandler } from '../workers/outbound.js';
import { createBullQueues } from '../workers/queue.js';
import { dropPrefix } from './support/drop-prefix.js';
import { spawnDb } from './support/spawn-db.js';
import { spawnEvolutionFake } from './support/spawn-evolution-fake.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const DOCTORS = arg('doctors', 100_000);
const SENDS = arg('sends', 2_000);
const INSTANCES = Array.from({ length: arg('instances', 10) }, (_, i) => `num${i}`);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const mb = (b: number) => Math.round(b / 1024 / 1024);

// The embedded database runs in its own process (see support/db-process.ts); the RSS measured is Júlia's.
const pg = await spawnDb();
const db = createSupabaseDb({ url: pg.url, serviceRoleKey: pg.key });
const redis = createRedis(REDIS_URL, { name: 'bench' });
const prefix = `bench-campaign-${randomUUID().slice(0, 8)}`;
const fake = await spawnEvolutionFake(INSTANCES);
// A Wednesday 10:00 in São Paulo, advancing in real time: inside business hours.
const t0 = Date.now();
const clock: Clock = { now: () => new Date(Date.parse('2026-03-04T13:00:00Z') + (Date.now() - t0)) };

// The population (not timed): 2% opted out, 1% cooling off, 0.5% with a person in control.
await pg.exec(`
  insert into specialties (slug, name) values ('clinica', 'Clínica Médica'), ('thru', 'Throughput');
  insert into doctors (phone, name, specialty_id, city, region)
    select '5511' || lpad((900000000 + g)::text, 9, '0'), 'Dr. Médico ' || g,
      (select id from specialties where slug = case when g <= ${DOCTORS} then 'clinica' else 'thru' end), 'São Paulo', 'Zona ' || (g % 5)
    from generate_series(1, ${DOCTORS + SENDS}) g;
  insert into doctor_state (doctor_id, permission_state, cooling_off_until)
    select id, case when n % 50 = 0 then 'opted_out' when n % 100 = 1 then 'cooling_off' else 'opted_in' end,
      case when n % 100 = 1 then now() + interval '30 days' end
    from (select id, row_number() over (order by id) n from doctors) d;
  insert into conversations (doctor_id, controlled_by)
    select id, 'human' from (select id, row_number() over (order by id) n from doctors) d where n % 200 = 3;`);

const flags = createFlagStore({ db, redis, prefix, logger: silentLogger });
const queues = createBullQueues(createRedis(REDIS_URL, { name: 'bench-queues', blocking: true }), prefix);
const outbound = createOutboundEnqueuer(queues, createJobSigner(randomBytes(32).toString('hex')));
const withdrawer = createOutboundWithdrawer(redis, prefix);
const commands = createCampaignCommands({ db, clock, withdraw: withdrawer.withdraw });
const dispatcherWith = (limiter: ReturnType<typeof createRateLimiter>) =>
  createDispatcher({ db, clock, logger: silentLogger, flags, outbound, instances: INSTANCES, remaining: (i, now) => limiter.remaining(i, now), withdraw: withdrawer.withdraw, spreadMs: 0, maxPerTick: SENDS });

// 1. Planning 100,000 under the real limits.
const audienceStart = performance.now();
const eligible = (await pg.query<{ n: number }>(`select count(*)::int n from campaign_audience('{"specialty":"clinica"}'::jsonb, '${clock.now().toISOString()}', null, 1000000)`))[0]!.n;
const audienceS = (performance.now() - audienceStart) / 1000;
const big = await commands.create({ name: 'Bench 100k', type: 'prospeccao', template: 'Oi {{primeiro_nome}}! Temos plantões de {{especialidade}} na {{regiao}}.', audience: { specialty: 'clinica' } });
await commands.start(big.id);
const planStart = performance.now();
const first = await dispatcherWith(createRateLimiter(redis, prefix)).tick();
const planS = (performance.now() - planStart) / 1000;
const planPeakRss = peakRss;
const progress = await commands.progress(big.id);
const pauseStart = performance.now();
const paused = await commands.pause(big.id);
const pauseS = (performance.now() - pauseStart) / 1000;

// 2. Throughput with the limits lifted, through the wrapper and the outbound workers.
const lifted = createRateLimiter(redis, `${prefix}-lifted`, { hour: 1e9, day: 1e9 });
const sendOutbound = createSendOutbound({
  db, flags, rateLimiter: lifted, instances: INSTANCES, clock, logger: silentLogger,
  provider: createEvolutionClient({ baseUrl: fake.url, apiKey: fake.apiKey, logger: silentLogger }),
});
const workers = startWorkers({
  connection: createRedis(REDIS_URL, { name: 'bench-workers', blocking: true }),
  prefix,
  logger: silentLogger,
  handlers: { outbound: createOutboundHandler(sendOutbound, silentLogger) },
  concurrency: { outbound: 32 },
});
const thru = await commands.create({ name: 'Bench throughput', type: 'prospeccao', template: 'Oi {{primeiro_nome}}, tudo bem?', audience: { specialty: 'thru' } });
await commands.start(thru.id);
const providerBefore = await fake.count();
const sendStart = performance.now();
const tick = await dispatcherWith(lifted).tick();
const enqueueS = (performance.now() - sendStart) / 1000;
const key = `campaign:${thru.id}:%`;
for (;;) {
  const n = (await pg.query<{ n: number }>(`select count(*)::int n from outbound_messages where idempotency_key like '${key}' and status <> 'reserved'`))[0]!.n;
  if (n >= tick.enqueued) break;
  await new Promise((r) => setTimeout(r, 100));
}
const sendS = (performance.now() - sendStart) / 1000;
clearInterval(sampler);
const dbRss = await pg.maxRssMb();

console.log(
  JSON.stringify({
    bench: 'campaign',
    planning: {
      doctors: DOCTORS,
      eligible,
      audience_query_s: Number(audienceS.toFixed(2)),
      send_records: progress.planned,
      // Audience + send records in batches + the first dispatch (claim, render, enqueue).
      plan_and_first_dispatch_s: Number(planS.toFixed(2)),
      first_dispatch_enqueued: first.enqueued,
      first_dispatch_cap: INSTANCES.length * 20,
      peak_rss_mb: mb(planPeakRss),
      db_process_peak_rss_mb: dbRss,
      pause_withdrew: paused.withdrawn,
      pause_s: Number(pauseS.toFixed(2)),
      targets: { plan_s: 60, peak_rss_mb: 400 },
    },
    throughput_limits_lifted: {
      sends: tick.enqueued,
      provider_calls: (await fake.count()) - providerBefore,
      enqueue_s: Number(enqueueS.toFixed(2)),
      elapsed_s: Number(sendS.toFixed(2)),
      sends_per_second: Math.round(tick.enqueued / sendS),
      outbound_concurrency: 32,
    },
    peak_rss_mb: mb(peakRss),
    note: 'peak_rss_mb is the Júlia process (dispatcher, queues, wrapper); the embedded database runs in its own process, as Postgres does in production',
  }),
);

await workers.close();
await withdrawer.close();
await queues.close();
await fake.stop();
redis.disconnect();
await dropPrefix(REDIS_URL, prefix);
await db.close();
await pg.stop();
process.exit(0);
