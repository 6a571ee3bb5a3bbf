import type { AgentTurnInput, AgentTurnResult, KnowledgeContext, KnowledgePort, ModelProbe } from '../agent/index.js';
import type { Db } from '../db/index.js';
import type { OutboundEnqueuer } from '../outbound/index.js';
import type { Clock, Logger } from '../shared/index.js';
import type { TurnPolicy } from '../policy/index.js';
import { classify, type ArbiterOptions, type Detectors, type TurnClassification } from '../classify/index.js';

export interface PendingMessage {
  id: string;
  kind: string;
  text: string | null;
  media: { mimetype: string | null; url: string | null; seconds: number | null; fileName: string | null; ptt: boolean } | null;
  meta: { targetId?: string; extra?: Record<string, unknown>; chatJid?: string } | null;
  instance: string | null;
  providerMessageId: string | null;
  sentAt: string;
  receivedAt: string;
}

/** The message a reply answers: the one that arrived last (its proof for R-1). */
export function answered(pending: PendingMessage[]): PendingMessage {
  return pending.reduce((a, b) => (b.receivedAt > a.receivedAt || (b.receivedAt === a.receivedAt && b.id > a.id) ? b : a));
}

export interface Loaded {
  conversation: { id: string; doctor_id: string; controlled_by: 'julia' | 'human'; instance: string | null; state: Record<string, unknown> };
  doctor: { id: string; phone: string | null; whatsapp_lid: string | null; name: string | null; permission_state: string | null };
  state: { permission_state: string } | null;
  pending: PendingMessage[];
  history: Array<{ direction: 'inbound' | 'outbound'; kind: string; text: string | null; at: string }>;
}

/** Fixed texts the pipeline sends itself (prompts/ and prompts/pipeline/). */
export interface PipelineReplies {
  botAnswer: string;
  handoffMessages: string[];
  /** Honest about being an assistant and handing off at once (a bot question that also needs a person). */
  botHandoff?: string[];
  optOutConfirmation: string[];
  audioRequest: string[];
  longMessage: string[];
  validationFeedback(reason: string): string;
  /** Instructions a reply must never quote (ValidateOutput's prompt_leak); from prompts/ at boot. */
  confidential?: string[];
}

export interface HandoffNotice {
  doctorId: string;
  conversationId: string;
  reason: string;
  /** The reply we did not send, so the person taking over sees it. */
  draft?: string;
  /** What the turn's tools already did (a reservation, a reminder), in Portuguese. */
  actions?: string[];
}

/** How long a doctor waits for a model that is down before a person is called. */
export interface ModelOutagePolicy {
  /** From the conversation's first failed attempt to the hand-off. */
  budgetMs: number;
  /** First re-scheduling delay; doubles per attempt, capped at 30 s. */
  retryBaseMs: number;
}

export const DEFAULT_MODEL_OUTAGE: ModelOutagePolicy = { budgetMs: 150_000, retryBaseMs: 5_000 };

export interface PipelineDeps {
  db: Db;
  logger: Logger;
  clock: Clock;
  humanizedDelay: boolean;
  random: () => number;
  replies: PipelineReplies;
  agent(input: AgentTurnInput): Promise<AgentTurnResult>;
  knowledge?: KnowledgePort;
  /** The neighbours the turn's classification reads objection, profile and objective with (built once per process). */
  detectors?: Detectors;
  /** Fast-model arbiter for close calls (opt-out, bot, hand-off, objection); only with an API key (absent: offline verdicts alone). */
  arbiter?: ArbiterOptions;
  outbound: OutboundEnqueuer;
  /** Read receipts; optional (console provider has none). Never throws into the turn. */
  markRead?(instance: string, chatJid: string, providerMessageIds: string[]): Promise<void>;
  /** Is the model answering? Used by the model-recovery job; absent means never probed. */
  probeModel?(): Promise<ModelProbe>;
  /** Waiting for the model before a hand-off; DEFAULT_MODEL_OUTAGE when absent. */
  modelOutage?: ModelOutagePolicy;
  /** Tells supervisors (Slack, Chatwoot) that a person must take over. */
  notifyHandoff(notice: HandoffNotice): Promise<void>;
  /** Mirrors inbound messages to the supervision inbox (Chatwoot); optional. */
  mirrorInbound?(conversationId: string, messageIds: string[]): Promise<void>;
  groupIngest?(message: PendingMessage): Promise<void>;
  /** A received photo's bytes (base64); null when the provider cannot give them. */
  fetchImage?(instance: string, chatJid: string, providerMessageId: string): Promise<{ mediaType: string; data: string } | null>;
}

/** Mutable state of one turn, shared by the processors in order. */
export interface TurnContext {
  conversationId: string;
  deps: PipelineDeps;
  loaded?: Loaded;
  /** The doctor's pending messages as one text the detectors and the model read. */
  text: string;
  /** Photos of the pending messages, fetched by the media processor. */
  images: Array<{ mediaType: string; data: string }>;
  knowledge?: KnowledgeContext;
  /** The turn's classification (src/classify), computed once on first read and read by every step that needs it. */
  classification?: TurnClassification;
  agentResult?: AgentTurnResult;
  /** The policy step's decision for this turn (policy_engine flag); rewrites reuse it. */
  policy?: TurnPolicy;
  /** Bubbles that will be sent, in order. */
  replies: string[];
  /** Delay before each bubble (ms), set by timing. */
  delays: number[];
  stoppedBy?: { processor: string; reason: string };
  /** Set when the turn must end in a hand-off rather than a reply. */
  handoff?: HandoffNotice;
  /** A bot question the hand-off step answers, because the same turn also needs a person. */
  botQuestion?: { messageId: string };
  /**
   * The model is down: the messages stay pending and the turn runs again in
   * `retryInMs` (null: the model-recovery job re-arms it when the model is back).
   */
  deferred?: { retryInMs: number | null };
  /** Hand-off for a model outage: its messages stay pending for Júlia after it. */
  keepPending?: boolean;
  stages: Record<string, number>;
  events: string[];
}

export function newTurnContext(conversationId: string, deps: PipelineDeps): TurnContext {
  return { conversationId, deps, text: '', images: [], replies: [], delays: [], stages: {}, events: [] };
}

/** The loaded data; processors after LoadEntities may rely on it. */
export function loaded(ctx: TurnContext): Loaded {
  if (!ctx.loaded) throw new Error('pipeline: entities not loaded (LoadEntities must run first)');
  return ctx.loaded;
}

/** Stable pick among variants so a retried turn says the same thing. */
export function pick(options: string[], seed: string): string {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) | 0;
  return options[Math.abs(h) % options.length] ?? '';
}

/**
 * The pending messages' classification, computed once per turn: the opt-out, bot, hand-off and cooling-off steps
 * and the knowledge step read it.
 */
export function turnClassification(ctx: TurnContext): TurnClassification {
  const l = loaded(ctx);
  ctx.classification ??= classify(l.pending, {
    ...(ctx.deps.arbiter ? { arbiter: ctx.deps.arbiter } : {}),
    ...(ctx.deps.detectors ? { detectors: ctx.deps.detectors } : {}),
    // His nine latest earlier messages: with this turn's, the ten the profile has always been read over.
    history: l.history.filter((h) => h.direction === 'inbound' && h.text?.trim()).map((h) => h.text!).slice(-9),
    ...(ctx.text ? { text: ctx.text } : {}),
    logger: ctx.deps.logger,
  });
  return ctx.classification;
}
