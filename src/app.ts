import type { Config } from './config.js';
import type { AppDeps } from './app-deps.js';
import type { Capability } from './capability.js';
import { composeQuality } from './compose/quality.js';
import { composeCampaigns } from './compose/campaigns.js';
import { composeFill } from './compose/fill.js';
import { composeCatchup } from './compose/catchup.js';
import { composeDoctorPath } from './compose/doctor-path.js';
import { composeMetrics } from './compose/metrics.js';
import { composeGroups } from './compose/groups.js';
import { composePipeline } from './compose/pipeline.js';
import { composeScheduled } from './compose/scheduled.js';
import { composeVoice } from './compose/voice.js';
import { composeSupervision } from './compose/supervision.js';
import { composeSlack } from './compose/slack.js';
import { composeBriefing } from './compose/briefing.js';
import { buildAskManager, composeAskManager } from './compose/ask-manager.js';
import { isSqlDb, migrate, openDb, throughRestart, waitForDatabase, waitForSchema, type Db } from './db/index.js';
import { createFlagStore, type FlagStore } from './flags/index.js';
import { createHttpApp, type HttpApp } from './http/index.js';
import { createChatwootClient, type ChatwootClient } from './integrations/chatwoot/index.js';
import { createConsoleProvider, createEvolutionClient, type WhatsAppProvider } from './integrations/evolution/index.js';
import { groupReviewTools } from './slack/index.js';
import { forgedJobReporter } from './inbound/index.js';
import { createSlackNotifier, logNotifier, type SlackNotifier } from './integrations/slack/index.js';
import type { PipelineDeps } from './pipeline/index.js';
import { createOutboundEnqueuer, createRateLimiter, createSendOutbound, type OutboundEnqueuer, type SendOutbound } from './outbound/index.js';
import { assertNoEviction, coalesceWrites, createRedis, ensureRedis, pingRedis, whenReady, type Redis } from './redis/index.js';
import { createJobSigner, createLogger, systemClock, type Clock, type JobQueue, type Logger } from './shared/index.js';
import { createBullQueues, type BullQueues } from '../workers/queue.js';
import { startWorkers, type JobHandlers, type RunningWorkers, type WorkerOptions } from '../workers/index.js';
import { scheduleChatwootSync } from '../workers/chatwoot-sync.js';
import { scheduleChatwootNote } from '../workers/chatwoot-note.js';
import { schedulesFor, upsertSchedules, type ScheduleSpec } from '../workers/schedules.js';

/**
 * The composition root: the only place that picks adapters (docs/architecture.md,
 * "Layers and the dependency rule"). Everything downstream receives its
 * dependencies explicitly.
 */

export type { AppDeps } from './app-deps.js';

export interface App {
  deps: AppDeps;
  http: HttpApp;
  queues: BullQueues;
  /** The job schedulers of the jobs this process runs (upserted when the workers start). */
  schedules: ScheduleSpec[];
  startWorkers(): Promise<RunningWorkers>;
  close(): Promise<void>;
}

export interface AppOverrides {
  logger?: Logger;
  clock?: Clock;
  db?: Db;
  redisPrefix?: string;
  /** Skip applying migrations at start (the `web` role in production). */
  skipMigrations?: boolean;
  /** Replaces the Evolution/console provider (tests). */
  whatsapp?: WhatsAppProvider;
  workerSettings?: WorkerOptions['settings'];
  /** See OutboundDeps.inDoubtGraceMs. */
  outboundInDoubtGraceMs?: number;
  /** How often a send paused by safe_mode looks at the flag again (tests). */
  outboundSafeModePollMs?: number;
}

/** How long a booting process waits for an unreachable PostgreSQL before giving up. */
const DATABASE_BOOT_WAIT_MS = 60_000;
/** How long boot waits for the producers' Redis connection (two of its connect timeouts). */
const QUEUE_CONNECT_WAIT_MS = 10_000;
/** How long `julia web` waits for a worker or `julia migrate` to bring the schema up to date. */
const SCHEMA_BOOT_WAIT_MS = 120_000;

export async function createApp(config: Config, overrides: AppOverrides = {}): Promise<App> {
  const logger = overrides.logger ?? createLogger(config.LOG_LEVEL);
  const redisTarget = await ensureRedis(config.REDIS_URL, logger, { dataDir: config.DATA_DIR });
  const redis = createRedis(redisTarget.url, { name: 'app' });
  // Before anything else is opened: an evicting Redis would silently drop queued work.
  await assertNoEviction(redis, logger).catch(async (err: unknown) => {
    redis.disconnect();
    await redisTarget.stop?.();
    throw err;
  });
  const db = overrides.db ?? (await openDb(config.database, { beside: false }));
  // A process started while PostgreSQL restarts waits for it instead of exiting, and so does
  // each boot step that reads the database, if the restart comes in the middle of boot
  // (see throughRestart). Each step is safe to run again.
  const restartable = !overrides.db && db.kind === 'postgres';
  const step = <T>(what: string, fn: () => Promise<T>): Promise<T> => (restartable ? throughRestart(fn, { timeoutMs: DATABASE_BOOT_WAIT_MS, logger, what }) : fn());
  if (restartable && isSqlDb(db)) await waitForDatabase(db, { timeoutMs: DATABASE_BOOT_WAIT_MS, logger });
  if (!overrides.skipMigrations && isSqlDb(db)) {
    await step('migrate', () => migrate(db, { logger }));
  } else if (isSqlDb(db)) {
    // web: the workers or the release command migrate; started beside them, wait for them.
    await step('schema', () => waitForSchema(db, { timeoutMs: SCHEMA_BOOT_WAIT_MS, logger }));
  } else if (db.kind === 'supabase') {
    logger.info('Supabase: apply supabase/migrations with the Supabase CLI (supabase db push)');
  }
  const redisPrefix = overrides.redisPrefix ?? config.REDIS_PREFIX;
  // Producers only (workers have their own connection, with its blocking commands): the
  // job adds of one event-loop turn go out in one write instead of one syscall each, a
  // fifth of a webhook acknowledgement's CPU under load (docs/decisions/0185-inbound-load.md),
  // by corking the socket rather than by ioredis's auto-pipelining (0205). Order on the
  // connection is kept, and each add is still its own atomic script.
  const queueConnection = createRedis(redisTarget.url, { name: 'queues', blocking: true });
  // Web and worker must agree on the key: from the environment, or made once in the shared database.
  const jobSigner = createJobSigner(config.JOB_SIGNING_KEY ?? (await step('signing key', () => db.rpc<{ key: string }>('job_signing_key'))).key);
  const onQueueError = (err: Error) => logger.warn({ err: err.message }, 'queue connection error');
  // Jobs whose payload names whom Júlia answers (inbound, group-ingest) are signed as they are queued.
  const queues = createBullQueues(coalesceWrites(queueConnection), redisPrefix, onQueueError, jobSigner);
  // The webhooks answer 503 while this connection is not ready (boundedEnqueue), so a
  // process that served before its first connect completed refused the first webhooks
  // of its life. Redis answered just above; a connect that still fails is logged, and
  // the webhooks' 503 then asks Evolution to retry.
  await whenReady(queueConnection, QUEUE_CONNECT_WAIT_MS).catch((err: Error) =>
    logger.warn({ err: err.message }, 'queue connection not ready at boot; webhooks answer 503 until it is'),
  );
  const clock = overrides.clock ?? systemClock;
  const flags = createFlagStore({ db, redis, subscriber: createRedis(redisTarget.url, { name: 'flags-sub', blocking: true }), prefix: redisPrefix, logger });
  await flags.start();
  const whatsapp =
    overrides.whatsapp ??
    (config.EVOLUTION_API_URL && config.EVOLUTION_API_KEY
      ? createEvolutionClient({ baseUrl: config.EVOLUTION_API_URL, apiKey: config.EVOLUTION_API_KEY, logger })
      : createConsoleProvider(logger));
  const sendOutbound = createSendOutbound({
    db,
    flags,
    provider: whatsapp,
    rateLimiter: createRateLimiter(redis, redisPrefix),
    instances: config.evolutionInstances,
    clock,
    logger,
    presence: config.HUMANIZED_DELAY,
    businessHours: config.businessHours,
    // Called only at send time, after `notices` below exists.
    alert: (text) => notices.post(text),
    ...(overrides.outboundInDoubtGraceMs !== undefined && { inDoubtGraceMs: overrides.outboundInDoubtGraceMs }),
    ...(overrides.outboundSafeModePollMs !== undefined && { safeModePollMs: overrides.outboundSafeModePollMs }),
  });
  const outbound = createOutboundEnqueuer(queues, jobSigner);
  const notices =
    config.SLACK_BOT_TOKEN && config.SLACK_ALERTS_CHANNEL
      ? createSlackNotifier({ token: config.SLACK_BOT_TOKEN, channel: config.SLACK_ALERTS_CHANNEL, ...(config.SLACK_API_URL ? { apiUrl: config.SLACK_API_URL } : {}), logger })
      : logNotifier(logger);
  const chatwoot: ChatwootClient | undefined =
    config.CHATWOOT_URL && config.CHATWOOT_API_TOKEN && config.CHATWOOT_ACCOUNT_ID && config.CHATWOOT_INBOX_ID
      ? createChatwootClient({ baseUrl: config.CHATWOOT_URL, apiToken: config.CHATWOOT_API_TOKEN, accountId: config.CHATWOOT_ACCOUNT_ID, inboxId: config.CHATWOOT_INBOX_ID })
      : undefined;
  // Supervisors see every message: each new inbound or sent message re-arms the mirror job.
  const mirror = chatwoot ? (conversationId: string) => scheduleChatwootSync(queues, conversationId).then(() => undefined) : undefined;
  const note = chatwoot ? (n: { conversationId: string; key: string; text: string }) => scheduleChatwootNote(queues, n).then(() => undefined) : undefined;
  const asks = buildAskManager({ config, db, clock, logger, queue: queues, outbound, notices, ...(note ? { note } : {}) });
  const pipeline = composePipeline({ config, db, redis, redisPrefix, clock, logger, outbound, whatsapp, notices, ...(mirror ? { mirror } : {}), ...(note ? { note } : {}), ...(asks ? { askManager: (q) => asks.ask(q) } : {}) });
  const deps: AppDeps = {
    config,
    logger,
    clock,
    db,
    redis,
    redisUrl: redisTarget.url,
    redisPrefix,
    queue: queues,
    flags,
    outbound,
    jobSigner,
    sendOutbound,
    whatsapp,
    notices,
    pipeline,
    ...(mirror ? { mirror } : {}),
    ...(note ? { note } : {}),
  };

  // One line per capability: each brings its routes and job handlers.
  const groups = composeGroups(deps);
  const capabilities: Capability[] = [
    composeDoctorPath(deps),
    composeSupervision(deps, chatwoot),
    composeVoice(deps),
    composeCatchup(deps),
    composeCampaigns(deps),
    composeFill(deps),
    composeScheduled(deps, queues),
    groups,
    composeMetrics(deps, queues),
    composeSlack(deps, { tools: groupReviewTools(groups.review), ...(asks ? { asks } : {}) }),
    composeAskManager(deps, asks),
    composeQuality(deps),
    composeBriefing(deps),
  ];

  const http = createHttpApp({
    logger,
    health: {
      checks: {
        database: async () => (await db.rpc<{ ok: boolean }>('julia_ping')).ok === true,
        redis: () => pingRedis(redis),
      },
    },
    mounts: capabilities.flatMap((c) => c.mounts ?? []),
  });

  const handlers: JobHandlers = Object.assign({}, ...capabilities.map((c) => c.handlers ?? {}));
  // Each job's cadence is in the catalog; a process schedules the jobs it has handlers for.
  const schedules = schedulesFor(config, Object.keys(handlers) as Array<keyof JobHandlers>);
  let running: RunningWorkers | undefined;
  return {
    deps,
    http,
    queues,
    schedules,
    async startWorkers() {
      running = startWorkers({
        connection: createRedis(redisTarget.url, { name: 'workers', blocking: true }),
        prefix: redisPrefix,
        logger,
        handlers,
        // Signed jobs (inbound, group-ingest) written into Redis by anything but the service are refused and reported.
        signer: jobSigner,
        onForged: forgedJobReporter({ db, logger, notify: (text) => notices.post(text) }),
        // Inbound jobs are short DB writes; 16 drains a burst of webhooks quickly.
        concurrency: { inbound: 16, turn: config.TURN_CONCURRENCY, outbound: config.OUTBOUND_CONCURRENCY },
        settings: overrides.workerSettings ?? { lockDurationMs: config.JOB_LOCK_MS, stalledIntervalMs: config.JOB_LOCK_MS },
      });
      await upsertSchedules(queues, schedules);
      for (const c of capabilities) await c.onWorkersStarted?.();
      return running;
    },
    async close() {
      await running?.close();
      for (const c of capabilities) await c.close?.();
      await queues.close();
      await flags.close();
      redis.disconnect();
      await db.close();
      await redisTarget.stop?.();
    },
  };
}
