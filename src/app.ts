import type { Config } from './config.js';
import { isSqlDb, migrate, openDb, type Db } from './db/index.js';
import { createFlagStore, type FlagStore } from './flags/index.js';
import { chatwootWebhook, createHttpApp, evolutionWebhook, type HttpApp } from './http/index.js';
import { loadPrompts, runAgentTurn, type AgentDeps } from './agent/index.js';
import { handleSupervisorReply } from './handoff/index.js';
import { createAnthropicClient, unconfiguredLlm } from './integrations/anthropic/index.js';
import { createChatwootClient, type ChatwootClient } from './integrations/chatwoot/index.js';
import { createConsoleProvider, createEvolutionClient, type WhatsAppProvider } from './integrations/evolution/index.js';
import { createSlackNotifier, logNotifier, type SlackNotifier } from './integrations/slack/index.js';
import { loadPipelineReplies, type PipelineDeps } from './pipeline/index.js';
import { createKnowledge, selectEmbedder } from './retrieval/index.js';
import { createOutboundEnqueuer, createRateLimiter, createSendOutbound, type OutboundEnqueuer, type SendOutbound } from './outbound/index.js';
import { createRedis, ensureRedis, pingRedis, type Redis } from './redis/index.js';
import { createLogger, safeJobId, systemClock, withTimeout, type Clock, type JobQueue, type Logger } from './shared/index.js';
import { createBullQueues, type BullQueues } from '../workers/queue.js';
import { startWorkers, type JobHandler, type RunningWorkers, type WorkerOptions } from '../workers/index.js';
import { chatwootSyncHandler, scheduleChatwootSync } from '../workers/chatwoot-sync.js';
import { groupIngestHandler } from '../workers/group-ingest.js';
import { inboundHandler } from '../workers/inbound.js';
import { createOutboundHandler } from '../workers/outbound.js';
import { turnHandler } from '../workers/turn.js';
import { upsertSchedules } from '../workers/schedules.js';

/**
 * The composition root: the only place that picks adapters (ARCHITECTURE.md
 * section 3). Everything downstream receives its dependencies explicitly.
 */
export interface AppDeps {
  config: Config;
  logger: Logger;
  clock: Clock;
  db: Db;
  redis: Redis;
  redisUrl: string;
  /** Namespace for every Redis key and BullMQ queue (tests use one per file). */
  redisPrefix: string;
  queue: JobQueue;
  /** Feature flags (safe_mode, campaigns, ...): read at decision time, never cached by callers. */
  flags: FlagStore;
  /** How every producer sends a message to a doctor: through the outbound queue. */
  outbound: OutboundEnqueuer;
  /** The wrapper itself; only the outbound worker should need it. */
  sendOutbound: SendOutbound;
  /** Read receipts and presence; sending text through it directly is forbidden (O1). */
  whatsapp: WhatsAppProvider;
  /** Managers' channel (Slack, or the log when Slack is not configured). */
  notices: SlackNotifier;
  /** Everything a conversation turn needs (agent, knowledge, replies). */
  pipeline: PipelineDeps;
}

export interface App {
  deps: AppDeps;
  http: HttpApp;
  queues: BullQueues;
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
}

export async function createApp(config: Config, overrides: AppOverrides = {}): Promise<App> {
  const logger = overrides.logger ?? createLogger(config.LOG_LEVEL);
  const redisTarget = await ensureRedis(config.REDIS_URL, logger);
  const db = overrides.db ?? (await openDb(config.database));
  if (!overrides.skipMigrations && isSqlDb(db)) {
    await migrate(db, { logger });
  } else if (db.kind === 'supabase') {
    logger.info('Supabase: apply supabase/migrations with the Supabase CLI (supabase db push)');
  }
  const redis = createRedis(redisTarget.url, { name: 'app' });
  const redisPrefix = overrides.redisPrefix ?? config.REDIS_PREFIX;
  const queues = createBullQueues(createRedis(redisTarget.url, { name: 'queues', blocking: true }), redisPrefix, (err) =>
    logger.warn({ err: err.message }, 'queue connection error'),
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
    ...(overrides.outboundInDoubtGraceMs !== undefined && { inDoubtGraceMs: overrides.outboundInDoubtGraceMs }),
  });
  const outbound = createOutboundEnqueuer(queues);
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
  const pipeline = buildPipeline({ config, db, redis, redisPrefix, clock, logger, outbound, whatsapp, notices, ...(mirror ? { mirror } : {}) });
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
    sendOutbound,
    whatsapp,
    notices,
    pipeline,
  };

  const http = createHttpApp({
    logger,
    health: {
      checks: {
        database: async () => (await db.rpc<{ ok: boolean }>('julia_ping')).ok === true,
        redis: () => pingRedis(redis),
      },
    },
    mounts: [
      {
        path: '/webhooks/chatwoot',
        app: chatwootWebhook({
          secret: config.CHATWOOT_WEBHOOK_SECRET,
          logger,
          onAgentMessage: (m) => handleSupervisorReply({ db, outbound, now: () => clock.now() }, m),
        }),
      },
      {
        path: '/webhooks/evolution',
        app: evolutionWebhook({
          token: config.EVOLUTION_WEBHOOK_TOKEN,
          logger,
          // Bounded: with Redis down the add would wait for a reconnect; Evolution
          // gets a 503 and retries, and the job id makes a late add harmless.
          enqueueInbound: (message) =>
            withTimeout(
              queues.enqueue('inbound', { ...message, fromMeAttempt: 0 }, { jobId: safeJobId('in', message.instance, message.providerMessageId) }),
              2_000,
              'enqueue inbound',
            ).then(() => undefined),
        }),
      },
    ],
  });

  let running: RunningWorkers | undefined;
  return {
    deps,
    http,
    queues,
    async startWorkers() {
      const handlers: Record<string, JobHandler> = {
        outbound: createOutboundHandler(sendOutbound, logger, async (payload, result) => {
          await settleReminder(db, payload.ctx.reminderId, result.outcome);
          if (mirror && result.outcome === 'sent' && payload.ctx.conversationId) await mirror(payload.ctx.conversationId);
        }) as JobHandler,
        inbound: inboundHandler({ db, queue: queues, logger, turnDebounceMs: config.TURN_DEBOUNCE_MS }) as JobHandler,
        turn: turnHandler(pipeline) as JobHandler,
        'group-ingest': groupIngestHandler({ db }) as JobHandler,
        ...(chatwoot ? { 'chatwoot-sync': chatwootSyncHandler({ db, chatwoot }) as JobHandler } : {}),
      };
      running = startWorkers({
        connection: createRedis(redisTarget.url, { name: 'workers', blocking: true }),
        prefix: redisPrefix,
        logger,
        handlers,
        // Inbound jobs are short DB writes; 16 drains a burst of webhooks quickly.
        concurrency: { inbound: 16, turn: config.TURN_CONCURRENCY, outbound: config.OUTBOUND_CONCURRENCY },
        ...(overrides.workerSettings && { settings: overrides.workerSettings }),
      });
      await upsertSchedules(queues);
      return running;
    },
    async close() {
      await running?.close();
      await queues.close();
      await flags.close();
      redis.disconnect();
      await db.close();
      await redisTarget.stop?.();
    },
  };
}

interface PipelineParts {
  config: Config;
  db: Db;
  redis: Redis;
  redisPrefix: string;
  clock: Clock;
  logger: Logger;
  outbound: OutboundEnqueuer;
  whatsapp: WhatsAppProvider;
  notices: SlackNotifier;
  mirror?: (conversationId: string) => Promise<void>;
}

/** The agent (Claude, tools, knowledge, memory) and the pipeline around it. */
function buildPipeline(p: PipelineParts): PipelineDeps {
  const { config, db, logger } = p;
  const embedder = selectEmbedder(config);
  const knowledge = createKnowledge({ db, embedder, redis: p.redis, prefix: p.redisPrefix, logger });
  const prompts = loadPrompts();
  const agent: AgentDeps = {
    db,
    clock: p.clock,
    logger,
    embedder,
    outbound: p.outbound,
    memory: knowledge.memory,
    notifyManagers: (text) => p.notices.post(text),
    llm: config.ANTHROPIC_API_KEY
      ? createAnthropicClient({ apiKey: config.ANTHROPIC_API_KEY, ...(config.ANTHROPIC_BASE_URL ? { baseURL: config.ANTHROPIC_BASE_URL } : {}), timeoutMs: config.ANTHROPIC_TIMEOUT_MS })
      : unconfiguredLlm(),
    prompts,
    models: { fast: config.ANTHROPIC_MODEL_FAST, smart: config.ANTHROPIC_MODEL_SMART },
    knowledge: knowledge.orchestrator,
  };
  return {
    db,
    logger,
    clock: p.clock,
    humanizedDelay: config.HUMANIZED_DELAY,
    random: Math.random,
    replies: loadPipelineReplies(prompts),
    agent: (input) => runAgentTurn(agent, input),
    knowledge: knowledge.orchestrator,
    outbound: p.outbound,
    ...(p.mirror ? { mirrorInbound: (conversationId: string) => p.mirror!(conversationId) } : {}),
    fetchImage: async (instance, chatJid, id) => {
      const media = await p.whatsapp.getMediaBase64(instance, { remoteJid: chatJid, id });
      return media ? { mediaType: media.mimetype, data: media.base64 } : null;
    },
    markRead: async (instance, chatJid, ids) => {
      for (const id of ids) await p.whatsapp.markMessageAsRead(instance, { remoteJid: chatJid, id, fromMe: false });
    },
    notifyHandoff: async (n) => {
      const draft = n.draft ? ' (rascunho anexado na conversa)' : '';
      await p.notices.post(`Hand-off: a conversa ${n.conversationId} precisa de uma pessoa (motivo: ${n.reason})${draft}`);
      if (n.draft) {
        await db.rpc('business_event_emit', {
          p_event_type: 'handoff_draft', p_doctor_id: n.doctorId, p_conversation_id: n.conversationId,
          p_props: { reason: n.reason, draft_chars: n.draft.length },
        });
      }
    },
  };
}

/** A REMINDER's row follows its send: sent, or cancelled when a guardrail stopped it. */
async function settleReminder(db: Db, reminderId: string | undefined, outcome: string): Promise<void> {
  if (!reminderId || outcome === 'deferred') return;
  await db.rpc('reminder_settle', { p_reminder_id: reminderId, p_outcome: outcome });
}
