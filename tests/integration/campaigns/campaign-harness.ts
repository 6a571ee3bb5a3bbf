import { createApp, type App } from '../../../src/app.js';
import { createCampaignCommands, createDispatcher, type CampaignCommands, type Dispatcher } from '../../../src/campaigns/index.js';
import { createRateLimiter } from '../../../src/outbound/index.js';
import { fixedClock, silentLogger } from '../../../src/shared/index.js';
import { createOutboundWithdrawer } from '../../../workers/campaign-withdraw.js';
import { startEvolutionFake, type EvolutionFake } from '../../fakes/evolution-fake.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { testConfig } from '../../helpers/test-config.js';
import { dropPrefix, testPrefix, testRedis } from '../../helpers/test-redis.js';

export interface CampaignHarness {
  app: App;
  db: TestDb;
  fake: EvolutionFake;
  clock: ReturnType<typeof fixedClock>;
  dispatcher: Dispatcher;
  commands: CampaignCommands;
  /** Changes how long the dispatcher spreads one run's sends over, from its next run on. */
  setSpread(ms: number): void;
  close(): Promise<void>;
}

/**
 * The whole app (createApp) on a fixed clock, outbound workers in-process,
 * the Evolution fake on loopback. The per-minute scheduler is removed: the
 * test runs the dispatcher itself, at the clock times it chooses.
 */
export async function createCampaignHarness(opts: { instances: string[]; at: string; spreadMs?: number }): Promise<CampaignHarness> {
  const db = await createTestDb();
  const fake = await startEvolutionFake({ instances: opts.instances });
  const prefix = testPrefix('campaign');
  const clock = fixedClock(opts.at);
  const config = testConfig({ EVOLUTION_API_URL: fake.url, EVOLUTION_API_KEY: fake.apiKey, EVOLUTION_INSTANCE: opts.instances.join(',') });
  const app = await createApp(config, { db, redisPrefix: prefix, logger: silentLogger, clock });
  await app.startWorkers();
  await app.queues.queues.scheduled.removeJobScheduler('campaign-dispatch');
  const withdrawer = createOutboundWithdrawer(app.deps.redis, prefix);
  const limiter = createRateLimiter(app.deps.redis, prefix);
  let spreadMs = opts.spreadMs ?? 0;
  const dispatcher = createDispatcher({
    db,
    clock,
    logger: silentLogger,
    flags: app.deps.flags,
    outbound: app.deps.outbound,
    instances: opts.instances,
    remaining: (i, now) => limiter.remaining(i, now),
    withdraw: withdrawer.withdraw,
    // Read at each run, so a test can spread one run and send the next at once.
    get spreadMs() {
      return spreadMs;
    },
  });
  const commands = createCampaignCommands({ db, clock, withdraw: withdrawer.withdraw });
  return {
    app,
    db,
    fake,
    clock,
    dispatcher,
    commands,
    setSpread: (ms) => {
      spreadMs = ms;
    },
    async close() {
      await withdrawer.close();
      await app.close();
      const r = testRedis();
      await dropPrefix(r, prefix);
      r.disconnect();
      await fake.close();
    },
  };
}

/** Doctors `from`..`from+count-1` (phones from phoneOf), each with a default (opted-in) state, in one statement. */
export async function insertDoctors(db: TestDb, opts: { from: number; count: number; specialty: string }) {
  await db.exec(`
    insert into specialties (slug, name) values ('${opts.specialty}', initcap('${opts.specialty}')) on conflict (slug) do nothing;
    with d as (
      insert into doctors (phone, name, specialty_id, city, region)
      select '5511' || lpad((900000000 + g)::text, 9, '0'), 'Dra. Médica ' || g, (select id from specialties where slug = '${opts.specialty}'), 'São Paulo', 'Zona Sul'
      from generate_series(${opts.from}, ${opts.from + opts.count - 1}) g
      returning id
    )
    insert into doctor_state (doctor_id) select id from d;`);
}

/** SQL matching the doctors with numbers in [from, to]. */
export const doctorsBetween = (from: number, to: number) => `(select id from doctors where phone between '${phoneOf(from)}' and '${phoneOf(to)}')`;

export const phoneOf = (n: number) => '5511' + String(900000000 + n).padStart(9, '0');

/** Outbound jobs still waiting, delayed or running. */
export async function pendingOutbound(app: App): Promise<number> {
  const c = await app.queues.queues.outbound.getJobCounts('waiting', 'delayed', 'active', 'prioritized');
  return Object.values(c).reduce((a, b) => a + b, 0);
}
