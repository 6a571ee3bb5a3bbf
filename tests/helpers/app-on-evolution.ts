import { createApp, type App } from '../../src/app.js';
import { silentLogger, type Clock } from '../../src/shared/index.js';
import { createOutboundWithdrawer } from '../../workers/campaign-withdraw.js';
import { startEvolutionFake, type EvolutionFake } from '../fakes/evolution-fake.js';
import { testConfig } from './test-config.js';
import { createTestDb, type TestDb } from './test-db.js';
import { teardown } from './teardown.js';

export interface AppOnEvolution {
  db: TestDb;
  fake: EvolutionFake;
  app: App;
  withdrawer: ReturnType<typeof createOutboundWithdrawer>;
  /** The app, then the fake and the database; then every Redis key under the prefix. */
  close(): Promise<void>;
}

/**
 * The whole app with its workers, sending to one Evolution fake (instance n1), for a test that drives one
 * scheduled job itself: that job's scheduler is taken out, so only the test runs it. Also the outbound
 * withdrawer the campaign and fill code take.
 */
export async function appOnEvolution(opts: { prefix: string; clock: Clock; drivenJob: string; config?: Record<string, string> }): Promise<AppOnEvolution> {
  const db = await createTestDb();
  let fake: EvolutionFake | undefined;
  let app: App | undefined;
  try {
    fake = await startEvolutionFake({ instances: ['n1'] });
    const config = testConfig({ EVOLUTION_API_URL: fake.url, EVOLUTION_API_KEY: fake.apiKey, EVOLUTION_INSTANCE: 'n1', ...opts.config });
    app = await createApp(config, { db, redisPrefix: opts.prefix, logger: silentLogger, clock: opts.clock });
    await app.startWorkers();
    await app.queues.queues.scheduled.removeJobScheduler(opts.drivenJob);
  } catch (err) {
    // A setup that fails halfway leaves nothing running for the next file.
    await teardown(opts.prefix, app, fake, db).catch(() => undefined);
    throw err;
  }
  const withdrawer = createOutboundWithdrawer(app.deps.redis, opts.prefix);
  return { db, fake, app, withdrawer, close: () => teardown(opts.prefix, withdrawer, app, fake, db) };
}
