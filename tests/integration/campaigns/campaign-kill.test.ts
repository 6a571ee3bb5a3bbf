import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaignCommands } from '../../../src/campaigns/index.js';
import { createRedis } from '../../../src/redis/index.js';
import { fixedClock } from '../../../src/shared/index.js';
import { createBullQueues, type BullQueues } from '../../../workers/queue.js';
import { startEvolutionFake, type EvolutionFake } from '../../fakes/evolution-fake.js';
import { shareWithProcesses, type SharedDb } from '../../helpers/shared-db.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { dropPrefix, TEST_REDIS_URL, testPrefix, testRedis } from '../../helpers/test-redis.js';
import { waitFor } from '../../helpers/wait-for.js';
import { kill, spawnWorker, type Child } from '../outbound/processes.js';
import { insertDoctors, phoneOf } from './campaign-harness.js';

// Wednesday 2026-03-04, 10:00 São Paulo: the children's clocks start here and run in real time.
const BASE = '2026-03-04T13:00:00Z';
const DOCTORS = 40;

let db: TestDb;
let served: SharedDb;
let fake: EvolutionFake;
let queues: BullQueues;
const prefix = testPrefix('campaign-kill');
const redis = testRedis();
const children: Child[] = [];

beforeAll(async () => {
  db = await createTestDb();
  served = await shareWithProcesses(db);
  fake = await startEvolutionFake({ instances: ['k1', 'k2'] });
  queues = createBullQueues(createRedis(TEST_REDIS_URL, { name: 'test-queues', blocking: true }), prefix);
});
afterAll(async () => {
  await Promise.all(children.map((c) => kill(c)));
  await queues.close();
  await fake.close();
  await dropPrefix(redis, prefix);
  redis.disconnect();
  await served.stop();
  await db.close();
});

describe('a worker process killed in the middle of a campaign batch', () => {
  it('never sends a doctor the same campaign twice', { timeout: 150_000 }, async () => {
    // Evolution accepts each message 300 ms after it arrives: the kill lands with sends in flight.
    fake.setLatency((req) => (req.path.startsWith('/message/sendText') ? 300 : 0));
    const env = {
      ...served.env,
      REDIS_URL: TEST_REDIS_URL,
      CHILD_PREFIX: prefix,
      CHILD_CLOCK_BASE: BASE,
      EVOLUTION_API_URL: fake.url,
      EVOLUTION_API_KEY: fake.apiKey,
      EVOLUTION_INSTANCE: 'k1,k2',
      CAMPAIGN_SPREAD_MS: '6000',
    };
    await insertDoctors(db, { from: 5001, count: DOCTORS, specialty: 'clinica' });
    const commands = createCampaignCommands({ db, clock: fixedClock(BASE) });
    const c = await commands.create({ name: 'Clínica', type: 'prospeccao', template: 'Oi {{primeiro_nome}}, tudo bem?', audience: { specialty: 'clinica' } });
    await commands.start(c.id);

    const first = spawnWorker(env);
    children.push(first);
    await first.ready;
    await queues.enqueue('campaign-dispatch', {});
    await waitFor(() => fake.sentTexts().length >= 8, { timeoutMs: 40_000, what: 'first campaign sends' });
    await kill(first);
    const atKill = fake.sentTexts().length;
    expect(atKill).toBeLessThan(DOCTORS);

    const second = spawnWorker(env);
    children.push(second);
    await second.ready;
    await queues.enqueue('campaign-dispatch', {});
    await waitFor(
      async () => (await db.query(`select 1 from outbound_messages where idempotency_key like 'campaign:${c.id}:%' and status = 'sent'`)).length === DOCTORS,
      { timeoutMs: 90_000, what: 'every campaign send recorded' },
    );
    const counts = new Map<string, number>();
    for (const s of fake.sentTexts()) counts.set(s.number, (counts.get(s.number) ?? 0) + 1);
    for (let n = 5001; n < 5001 + DOCTORS; n++) expect(counts.get(phoneOf(n)), `doctor ${n}`).toBe(1);
    expect(fake.sentTexts()).toHaveLength(DOCTORS);
    const { progress } = await commands.show(c.id);
    expect(progress).toMatchObject({ planned: DOCTORS, sent: DOCTORS, status: 'completed' });
  });
});
