import type { Config } from './config.js';
import type { Db } from './db/index.js';
import type { FlagStore } from './flags/index.js';
import type { WhatsAppProvider } from './integrations/evolution/index.js';
import type { SlackNotifier } from './integrations/slack/index.js';
import type { PipelineDeps } from './pipeline/index.js';
import type { OutboundEnqueuer, SendOutbound } from './outbound/index.js';
import type { JobSigner } from './shared/job-signature.js';
import type { Redis } from './redis/index.js';
import type { Clock, JobQueue, Logger } from './shared/index.js';

/** What the composition root built once, handed to every capability's compose function. */
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
  /** Signs outbound job payloads (enqueuer) and verifies them (worker): docs/decisions/0160-security.md. */
  jobSigner: JobSigner;
  /** The wrapper itself; only the outbound worker should need it. */
  sendOutbound: SendOutbound;
  /** Read receipts and presence; sending text through it directly is forbidden (O1). */
  whatsapp: WhatsAppProvider;
  /** Managers' channel (Slack, or the log when Slack is not configured). */
  notices: SlackNotifier;
  /** Everything a conversation turn needs (agent, knowledge, replies). */
  pipeline: PipelineDeps;
  /** Re-arms the Chatwoot mirror of a conversation (absent without Chatwoot). */
  mirror?: (conversationId: string) => Promise<void>;
  /** A private note in the doctor's Chatwoot conversation, once per key (absent without Chatwoot). */
  note?: (n: { conversationId: string; key: string; text: string }) => Promise<void>;
}
