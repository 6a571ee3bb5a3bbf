import { z } from 'zod';
import { parseBusinessDays, parseBusinessHoursRange, type BusinessHours } from './shared/business-hours.js';
import { ConfigError } from './shared/errors.js';

/**
 * The environment contract (docs/architecture.md, "Configuration"). Parsed once at boot; a bad
 * value or a half-configured integration stops boot with one line naming the variable.
 */
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const onOff = (fallback: 'on' | 'off') =>
  z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default(fallback)).transform((v) => v === 'on');
/** A comma-separated list of Slack ids, each checked against `shape` (a typo never widens access silently). */
const slackIdList = (shape: RegExp, what: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : []),
    z.array(z.string().regex(shape, `each entry must be ${what}`)),
  );
const int = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));

const schema = z.object({
  PORT: int(3000, 0, 65_535),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./.data')),
  DATABASE_URL: optionalUrl,
  /**
   * Connections each process opens to DATABASE_URL. postgres.js pipelines queries on
   * busy connections, so a few carry a worker's load; every extra backend costs the
   * server CPU (docs/decisions/0215-outbound-commit-and-pool.md).
   */
  DATABASE_POOL_MAX: int(5, 1, 200),
  SUPABASE_URL: optionalUrl,
  SUPABASE_SERVICE_ROLE_KEY: optionalString,
  REDIS_URL: optionalUrl,
  /** Namespace for Redis keys and queues, so several deployments can share one Redis. */
  REDIS_PREFIX: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z0-9_-]+$/).default('julia')),
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalUrl,
  ANTHROPIC_MODEL_FAST: z.preprocess(emptyToUndefined, z.string().default('claude-haiku-4-5')),
  ANTHROPIC_MODEL_SMART: z.preprocess(emptyToUndefined, z.string().default('claude-sonnet-5')),
  ANTHROPIC_TIMEOUT_MS: int(30_000, 1_000),
  /** Anthropic cache diagnostics: each model call says why it missed the prompt cache (recorded per turn). */
  ANTHROPIC_CACHE_DIAGNOSTICS: onOff('on'),
  VOYAGE_API_KEY: optionalString,
  VOYAGE_BASE_URL: optionalUrl,
  VOYAGE_MODEL: z.preprocess(emptyToUndefined, z.string().default('voyage-4')),
  EVOLUTION_API_URL: optionalUrl,
  EVOLUTION_API_KEY: optionalString,
  EVOLUTION_INSTANCE: optionalString,
  EVOLUTION_WEBHOOK_TOKEN: optionalString,
  /** The text Evolution's reject-call setting (msgCall) sends: Júlia's own, never a take-over; Evolution answers calls then. */
  EVOLUTION_REJECT_CALL_MESSAGE: optionalString,
  CHATWOOT_URL: optionalUrl,
  CHATWOOT_API_TOKEN: optionalString,
  CHATWOOT_ACCOUNT_ID: optionalString,
  CHATWOOT_INBOX_ID: optionalString,
  CHATWOOT_WEBHOOK_SECRET: optionalString,
  /** Older Chatwoot without webhook signatures: admit the secret as a URL token. Off by default; warned at boot. */
  CHATWOOT_WEBHOOK_ALLOW_URL_TOKEN: onOff('off'),
  /** Chatwoot team (or agent) a hand-off is assigned to; unset: the conversation is opened unassigned. */
  CHATWOOT_HANDOFF_TEAM_ID: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  CHATWOOT_HANDOFF_ASSIGNEE_ID: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  /** Hours without a person's message after which a hand-off returns to Júlia; unset: human control never expires. */
  HUMAN_CONTROL_EXPIRE_HOURS: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(24 * 90).optional()),
  /** Minutes an unresolved hand-off waits before the managers' channel is reminded. */
  HANDOFF_REMINDER_MINUTES: int(30, 1, 7 * 24 * 60),
  /** Minutes a consultar_gestor question waits for a manager before Júlia tells the doctor and hands off. */
  ASK_MANAGER_TIMEOUT_MIN: int(30, 1, 24 * 60),
  /** Hours a supervisor's instruction (a Chatwoot note to @julia) holds unless revoked. */
  SUPERVISOR_INSTRUCTION_HOURS: int(24, 1, 30 * 24),
  /** Base URL of Google Docs' export endpoint (briefings); tests point it at a fake. */
  GOOGLE_DOCS_BASE_URL: z.preprocess(emptyToUndefined, z.url().default('https://docs.google.com')),
  /** The briefing document (Google Docs id or link) the daily sync re-reads; unset = no sync (docs/decisions/0270-scoped-directives.md). */
  BRIEFING_DOC_ID: optionalString,
  /** When the briefing sync runs, a 5-field cron read in São Paulo time (default 07:30 on business days). */
  BRIEFING_SYNC_CRON: z.preprocess(emptyToUndefined, z.string().regex(/^\S+( \S+){4}$/, 'a 5-field cron pattern').default('30 7 * * 1-5')),
  /** Speech to text for voice notes Evolution did not transcribe: any OpenAI-compatible /v1/audio/transcriptions (docs/decisions/0245-voice-notes.md). */
  TRANSCRIPTION_API_URL: optionalUrl,
  TRANSCRIPTION_API_KEY: optionalString,
  TRANSCRIPTION_MODEL: optionalString,
  TRANSCRIPTION_LANGUAGE: z.preprocess(emptyToUndefined, z.string().regex(/^[a-z]{2}$/).default('pt')),
  TRANSCRIPTION_TIMEOUT_MS: int(60_000, 1_000, 600_000),
  SLACK_BOT_TOKEN: optionalString,
  SLACK_SIGNING_SECRET: optionalString,
  SLACK_API_URL: optionalUrl,
  SLACK_ALERTS_CHANNEL: optionalString,
  /** Slack user ids of the managers who may command the admin agent; unset or empty = nobody (docs/decisions/0220-slack-access.md). */
  SLACK_MANAGER_IDS: slackIdList(/^[UW][A-Z0-9]{2,}$/, 'a Slack user id (U… or W…)'),
  /** Channel ids where commands are accepted; unset = any channel the bot is in. DMs with the bot are always accepted. */
  SLACK_MANAGER_CHANNELS: slackIdList(/^[CG][A-Z0-9]{2,}$/, 'a Slack channel id (C… or G…)'),
  /** Bearer token (or basic-auth password) for /admin/* and /metrics; those routes are off when unset. */
  ADMIN_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  /** Bearer token (or basic-auth password) for /metrics only: what Prometheus scrapes with. ADMIN_TOKEN opens /metrics too. */
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  /** `on` lets the queue board change queues (add, retry, promote, clean, pause...); `off` (default) keeps it read-only. */
  ADMIN_QUEUE_WRITE: onOff('off'),
  /**
   * HMAC key for outbound job payloads (docs/decisions/0160-security.md). Unset: a key is
   * generated once in the database (job_signing_key()) and shared by every process.
   */
  JOB_SIGNING_KEY: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  HUMANIZED_DELAY: onOff('on'),
  // Júlia reserves only for doctors whose registration is `aprovado` (docs/decisions/0275-import.md); off: every doctor.
  REGISTRATION_REQUIRED: onOff('on'),
  // The company's house rules (Markdown, Portuguese) for the doctor agent's prompt; unset: the demo's prompts/regras-da-casa.md.
  HOUSE_RULES_PATH: optionalString,
  // Quiet window that merges a burst ("oi" / "tudo bem?" / "tem plantão?") into one turn.
  TURN_DEBOUNCE_MS: int(2_000, 0, 120_000),
  // Turns mostly wait on the model, so many can run at once; Anthropic's rate limit is the real bound.
  TURN_CONCURRENCY: int(128, 1, 1_024),
  OUTBOUND_CONCURRENCY: int(16, 1, 256),
  // Model outage (decision 0004): how long a doctor's turn keeps retrying before a person is
  // called, the first re-scheduling delay (doubling, capped at 30 s), and how often the
  // model-recovery job probes the model while model-outage hand-offs wait.
  MODEL_OUTAGE_BUDGET_MS: int(150_000, 0, 3_600_000),
  MODEL_RETRY_BASE_MS: int(5_000, 100, 60_000),
  MODEL_RECOVERY_INTERVAL_MS: int(30_000, 500, 3_600_000),
  // When proactive sends may leave, São Paulo time (docs/decisions/0190-business-hours.md):
  // whole hours "start-end" (end exclusive) and ISO weekdays (1 = Monday … 7 = Sunday).
  BUSINESS_HOURS: z.preprocess(emptyToUndefined, z.string().default('08-20')),
  BUSINESS_DAYS: z.preprocess(emptyToUndefined, z.string().default('1-5')),
  // A campaign run's sends are spread over this much of the minute instead of leaving in one burst.
  CAMPAIGN_SPREAD_MS: int(50_000, 0, 600_000),
  // Fill plans (src/fill, docs/decisions/0295-fill-plans.md): open shifts starting within this
  // many days get a plan; a shift still open this many hours before its start alerts the managers.
  FILL_HORIZON_DAYS: int(20, 1, 120),
  FILL_ALERT_BEFORE_HOURS: int(24, 1, 14 * 24),
  // On SIGTERM, how long running jobs may take to finish before the workers close anyway (fly.toml kill_timeout is longer).
  SHUTDOWN_GRACE_MS: int(20_000, 0, 300_000),
  // A job held by a worker that died is run elsewhere once its lock lapses and the next stall check sees it: up to
  // twice this. Locks are renewed at half this while a job runs, so only a blocked event loop would lose one.
  JOB_LOCK_MS: int(30_000, 5_000, 600_000),
  // Catch-up with Evolution (docs/decisions/0010): how often per instance (0 = only on reconnect),
  // how far back an instance's first run looks, and how many recovered messages in one run page the managers.
  CATCHUP_INTERVAL_MS: int(180_000, 0, 3_600_000),
  CATCHUP_FIRST_LOOKBACK_MIN: int(15, 0, 7 * 24 * 60),
  CATCHUP_ALERT_THRESHOLD: int(10, 1, 100_000),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

export type RawConfig = z.infer<typeof schema>;

/** Variables that only make sense together: if one is set, all must be. */
const GROUPS: Array<{ name: string; vars: Array<keyof RawConfig> }> = [
  { name: 'Supabase', vars: ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY'] },
  { name: 'Evolution API', vars: ['EVOLUTION_API_URL', 'EVOLUTION_API_KEY', 'EVOLUTION_INSTANCE'] },
  {
    name: 'Chatwoot',
    vars: ['CHATWOOT_URL', 'CHATWOOT_API_TOKEN', 'CHATWOOT_ACCOUNT_ID', 'CHATWOOT_INBOX_ID', 'CHATWOOT_WEBHOOK_SECRET'],
  },
  { name: 'Slack', vars: ['SLACK_BOT_TOKEN', 'SLACK_SIGNING_SECRET'] },
  { name: 'Transcription', vars: ['TRANSCRIPTION_API_URL', 'TRANSCRIPTION_API_KEY', 'TRANSCRIPTION_MODEL'] },
];

export interface Config extends RawConfig {
  redisUrl: string;
  evolutionInstances: string[];
  /** BUSINESS_HOURS and BUSINESS_DAYS, parsed. */
  businessHours: BusinessHours;
  database: { kind: 'postgres'; url: string; poolMax?: number } | { kind: 'supabase'; url: string; key: string } | { kind: 'pglite'; dataDir: string };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`invalid configuration: ${variable}: ${issue.message} (got ${JSON.stringify(env[variable] ?? null)})`);
  }
  const raw = parsed.data;
  for (const group of GROUPS) {
    const set = group.vars.filter((v) => raw[v] !== undefined);
    const missing = group.vars.filter((v) => raw[v] === undefined);
    if (set.length > 0 && missing.length > 0) {
      throw new ConfigError(`invalid configuration: ${missing[0]} is required when ${set[0]} is set (${group.name})`);
    }
  }
  if (raw.METRICS_TOKEN && raw.METRICS_TOKEN === raw.ADMIN_TOKEN) {
    throw new ConfigError('invalid configuration: METRICS_TOKEN must differ from ADMIN_TOKEN (it opens /metrics only)');
  }
  if (raw.ANTHROPIC_BASE_URL && !raw.ANTHROPIC_API_KEY) {
    throw new ConfigError('invalid configuration: ANTHROPIC_API_KEY is required when ANTHROPIC_BASE_URL is set');
  }
  const evolutionInstances = (raw.EVOLUTION_INSTANCE ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (raw.EVOLUTION_INSTANCE !== undefined && evolutionInstances.some((i) => !/^[A-Za-z0-9_.-]+$/.test(i))) {
    throw new ConfigError('invalid configuration: EVOLUTION_INSTANCE must be names separated by commas (letters, digits, _ . -)');
  }
  const parseOr = <T>(variable: 'BUSINESS_HOURS' | 'BUSINESS_DAYS', parse: (text: string) => T): T => {
    try {
      return parse(raw[variable]);
    } catch (err) {
      throw new ConfigError(`invalid configuration: ${variable}: ${(err as Error).message} (got ${JSON.stringify(raw[variable])})`);
    }
  };
  const businessHours: BusinessHours = { ...parseOr('BUSINESS_HOURS', parseBusinessHoursRange), days: parseOr('BUSINESS_DAYS', parseBusinessDays) };
  const database: Config['database'] = raw.DATABASE_URL
    ? { kind: 'postgres', url: raw.DATABASE_URL, poolMax: raw.DATABASE_POOL_MAX }
    : raw.SUPABASE_URL && raw.SUPABASE_SERVICE_ROLE_KEY
      ? { kind: 'supabase', url: raw.SUPABASE_URL, key: raw.SUPABASE_SERVICE_ROLE_KEY }
      : { kind: 'pglite', dataDir: raw.DATA_DIR };
  return {
    ...raw,
    redisUrl: raw.REDIS_URL ?? 'redis://127.0.0.1:6379',
    evolutionInstances: evolutionInstances.length > 0 ? evolutionInstances : ['julia'],
    businessHours,
    database,
  };
}
