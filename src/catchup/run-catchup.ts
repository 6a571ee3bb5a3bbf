import type { Db } from '../db/index.js';
import { evolutionEnvelopeSchema, inboundMessageSchema, normalizeEvolution, type DeadLetters, type InboundMessage } from '../inbound/index.js';
import type { EvolutionHistory } from '../integrations/evolution/index.js';
import { errorMessage, newId, safeJobId, sha256Hex, type Clock, type JobQueue, type Logger } from '../shared/index.js';
import { readWindow, type ChatCursor, type WindowLimits } from './read-window.js';

export interface CatchupOptions extends WindowLimits {
  /** How far back the very first run of an instance looks (docs/decisions/0010). */
  firstLookbackMs: number;
  /** Messages younger than this are left to the webhook, which is normally seconds behind. */
  lagMs: number;
  /** A reconnect run also re-reads this much before the checkpoint: WhatsApp hands over offline messages with their original times. */
  reconnectRewindMs: number;
  /** Recovered messages in one run that page the managers: the webhook path is broken. */
  alertThreshold: number;
  /** How long a run waits for the inbound jobs it enqueued to store their messages. */
  storeWaitMs: number;
  /** A recovered message still unstored after this stops holding the checkpoint back. */
  giveUpAfterMs: number;
}

export const CATCHUP_DEFAULTS: CatchupOptions = {
  firstLookbackMs: 15 * 60_000,
  lagMs: 60_000,
  reconnectRewindMs: 6 * 3_600_000,
  alertThreshold: 10,
  storeWaitMs: 5_000,
  giveUpAfterMs: 30 * 60_000,
  pageSize: 100,
  maxPages: 20,
  maxChats: 200,
  maxPagesPerChat: 3,
};

export interface CatchupDeps {
  db: Db;
  history: EvolutionHistory;
  queue: JobQueue;
  clock: Clock;
  logger: Logger;
  notices: { post(text: string): Promise<void> };
  /** Where a stored record that can never become an inbound message is kept, so the run goes on. */
  deadLetters: Pick<DeadLetters, 'record'>;
  options?: Partial<CatchupOptions>;
}

export interface CatchupRequest {
  instance: string;
  reason: 'schedule' | 'reconnect' | 'continue';
  /** Continuations start here instead of at the checkpoint. */
  from?: string | undefined;
  /** A chat-by-chat sweep in progress: its fixed upper bound and where it stopped. */
  upper?: string | undefined;
  cursor?: ChatCursor | undefined;
}

export interface CatchupSummary {
  instance: string;
  reason: CatchupRequest['reason'];
  from: string;
  to: string;
  mode: 'time' | 'chats' | 'none';
  calls: number;
  read: number;
  missing: number;
  recovered: number;
  advanced: boolean;
  pending: string[];
  continued: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One catch-up run for one instance: read what Evolution stored since the
 * checkpoint, enqueue every message we have not stored as the SAME `inbound`
 * job the webhook would have (same normalization, same job id, so the same
 * dedupe and the same debounced turn), then move the checkpoint once they are
 * stored. Safe to run twice or at once: claims, job ids and greatest() make
 * every step idempotent.
 */
export async function runCatchup(deps: CatchupDeps, req: CatchupRequest): Promise<CatchupSummary> {
  const o = { ...CATCHUP_DEFAULTS, ...deps.options };
  const now = deps.clock.now();
  const start = await deps.db.rpc<{ checkpoint: string; createdAt: string }>('catchup_start', { p_instance: req.instance, p_first_from: new Date(now.getTime() - o.firstLookbackMs) });
  const checkpoint = new Date(start.checkpoint);
  // A rewind never reaches before the first run's look-back: older messages predate Júlia on this instance.
  const rewound = Math.max(checkpoint.getTime() - o.reconnectRewindMs, new Date(start.createdAt).getTime() - o.firstLookbackMs);
  const from = req.from ? new Date(req.from) : req.reason === 'reconnect' ? new Date(Math.min(rewound, checkpoint.getTime())) : checkpoint;
  const upper = req.upper ? new Date(req.upper) : new Date(now.getTime() - o.lagMs);
  const base = { instance: req.instance, reason: req.reason, from: from.toISOString() };
  if (upper.getTime() <= from.getTime()) {
    return { ...base, to: from.toISOString(), mode: 'none', calls: 0, read: 0, missing: 0, recovered: 0, advanced: false, pending: [], continued: false };
  }

  const window = await readWindow(deps.history, req.instance, from, upper, o, req.cursor);
  const { messages, rejected } = toInbound(req.instance, window.records);
  for (const r of rejected) await deps.deadLetters.record({ source: 'evolution-catchup', reason: `${req.instance}: ${r.reason}`, raw: r.raw });
  if (rejected.length > 0) deps.logger.warn({ instance: req.instance, rejected: rejected.length }, 'catch-up: stored records kept as dead letters');
  const runId = newId();
  const claim = await deps.db.rpc<{ missing: Array<{ id: string }>; recorded: number }>('catchup_claim', {
    p_instance: req.instance,
    p_run_id: runId,
    p_messages: messages.map((m) => ({
      id: m.providerMessageId, sentAt: m.sentAt, fromMe: m.fromMe, isGroup: m.isGroup,
      // Our own texts: matched against our sends by phone and hash, like the wrapper addresses them.
      ...(m.fromMe && m.kind === 'text' && { phone: m.phone ?? (m.lid ? `${m.lid}@lid` : null), contentHash: sha256Hex(m.text), text: m.text }),
    })),
    p_now: now,
  });
  const missingIds = new Set(claim.missing.map((m) => m.id));
  const missing = messages.filter((m) => missingIds.has(m.providerMessageId));
  // Oldest first, exactly as the webhook would have delivered them.
  for (const m of missing) {
    await deps.queue.enqueue('inbound', { ...m, fromMeAttempt: 0 }, { jobId: safeJobId('in', m.instance, m.providerMessageId) });
    deps.logger.info({ instance: m.instance, providerMessageId: m.providerMessageId, sentAt: m.sentAt, event: 'inbound_recovered' }, 'catch-up: recovered a message the webhook never delivered');
  }

  const run = { runId, reason: req.reason, mode: window.mode, calls: window.calls, read: messages.length, missing: missing.length, recovered: claim.recorded };
  const advance = () =>
    deps.db.rpc<{ advanced: boolean; pending: string[]; abandoned: string[] }>('catchup_advance', {
      p_instance: req.instance, p_to: window.to, p_run: run,
      p_give_up_after: `${Math.round(o.giveUpAfterMs / 1000)} seconds`, p_now: deps.clock.now(),
    });
  let adv = await advance();
  for (let waited = 0; !adv.advanced && waited < o.storeWaitMs; waited += 250) {
    await sleep(250);
    adv = await advance();
  }
  if (adv.abandoned.length > 0) deps.logger.error({ instance: req.instance, abandoned: adv.abandoned }, 'catch-up: recovered messages never stored; no longer holding the checkpoint');

  // More to read (a narrowed window, a chat sweep), or a rewound window not done yet: carry on in a new job.
  const more = window.cursor !== undefined || (adv.advanced ? Math.floor(window.to.getTime() / 1000) < Math.floor(upper.getTime() / 1000) : req.from !== undefined || req.reason === 'reconnect');
  if (window.cursor) {
    const c = window.cursor;
    await deps.queue.enqueue('evolution-catchup', { instance: req.instance, reason: 'continue', from: from.toISOString(), upper: upper.toISOString(), cursor: c }, {
      jobId: safeJobId('catchup', req.instance, 'sweep', String(from.getTime()), String(c.at), c.jid),
    });
  } else if (more) {
    const next = adv.advanced ? window.to : from;
    await deps.queue.enqueue('evolution-catchup', { instance: req.instance, reason: 'continue', from: next.toISOString() }, {
      jobId: safeJobId('catchup', req.instance, 'from', String(next.getTime()), adv.advanced ? 'next' : String(Math.floor(now.getTime() / 60_000))),
      ...(adv.advanced ? {} : { delayMs: 30_000 }),
    });
  }
  if (claim.recorded >= o.alertThreshold) {
    await deps.notices
      .post(`⚠️ Catch-up da instância ${req.instance}: recuperei ${claim.recorded} mensagens que a Evolution não entregou pelo webhook. O caminho do webhook parece quebrado; vale checar a Evolution.`)
      .catch((err: unknown) => deps.logger.warn({ err: String(err) }, 'catch-up: alert failed'));
  }
  const summary: CatchupSummary = {
    ...base, to: window.to.toISOString(), mode: window.mode, calls: window.calls, read: messages.length,
    missing: missing.length, recovered: claim.recorded, advanced: adv.advanced, pending: adv.pending, continued: more,
  };
  deps.logger[missing.length > 0 ? 'warn' : 'debug']({ ...summary, pending: adv.pending.length }, 'catch-up run');
  return summary;
}

/**
 * Evolution's stored records are the webhook's `data`: normalized exactly the
 * same way, and held to the `inbound` job's own schema. A record that fails
 * either is returned apart (it becomes a dead letter): one bad record must not
 * make every run of the instance throw and pin its checkpoint.
 */
function toInbound(instance: string, records: unknown[]): { messages: InboundMessage[]; rejected: Array<{ reason: string; raw: string }> } {
  const seen = new Set<string>();
  const out: InboundMessage[] = [];
  const rejected: Array<{ reason: string; raw: string }> = [];
  for (const data of records) {
    // Broadcast lists and channels are no one's conversation: not messages to recover, nor faults to keep.
    if (/@(broadcast|newsletter)$/.test(jidOf(data))) continue;
    const reason = (() => {
      try {
        const r = normalizeEvolution(evolutionEnvelopeSchema.parse({ event: 'messages.upsert', instance, data }));
        if (r.status === 'invalid') return r.reason;
        if (r.status !== 'message' || seen.has(r.message.providerMessageId)) return undefined;
        const checked = inboundMessageSchema.safeParse(r.message);
        if (!checked.success) return `${checked.error.issues[0]?.path.join('.')}: ${checked.error.issues[0]?.message}`;
        seen.add(r.message.providerMessageId);
        out.push(r.message);
        return undefined;
      } catch (err) {
        return errorMessage(err);
      }
    })();
    if (reason !== undefined) rejected.push({ reason, raw: safeJson(data) });
  }
  return { messages: out.sort((a, b) => a.sentAt.localeCompare(b.sentAt) || a.providerMessageId.localeCompare(b.providerMessageId)), rejected };
}

function jidOf(data: unknown): string {
  const key = data && typeof data === 'object' ? (data as { key?: { remoteJid?: unknown } }).key : undefined;
  return typeof key?.remoteJid === 'string' ? key.remoteJid : '';
}

function safeJson(data: unknown): string {
  try {
    return JSON.stringify(data) ?? String(data);
  } catch {
    return String(data);
  }
}
