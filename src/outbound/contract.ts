/**
 * The contract every producer of a doctor-facing message uses (replies,
 * campaigns, reminders, follow-ups, Slack, Chatwoot). Shared early so the
 * agent, the pipeline and the outbound wrapper agree on it; the outbound
 * module owns it and may add optional fields.
 */
export const OUTBOUND_METHODS = ['REPLY', 'CAMPAIGN', 'FOLLOWUP', 'REACTIVATION', 'REMINDER', 'COMMAND', 'MANUAL', 'FILL_OFFER'] as const;
export type OutboundMethod = (typeof OUTBOUND_METHODS)[number];

export interface OutboundContext {
  method: OutboundMethod;
  doctorId: string;
  conversationId?: string;
  /** REPLY proof (spec 9.3): the inbound being answered and when it arrived (ISO). */
  inboundInteractionId?: string;
  lastInboundAt?: string;
  campaignId?: string;
  /** FILL_OFFER: the shift a fill plan offers (src/fill); the send is stopped if the plan is. */
  fillShiftId?: string;
  /** REMINDER: the reminder row that asked for this message. */
  reminderId?: string;
  /** Who acted: 'julia', a Slack user id, a Chatwoot agent id. */
  actor: string;
  /** Slack/manual override of an opt-out; must say why (spec I4). */
  bypassReason?: string;
  /** Evolution instance to send from; chosen by the wrapper when absent. */
  instance?: string;
  /** The one automatic line allowed under human control: "a person will take it from here". */
  handoffNotice?: boolean;
  /** When the message was meant to leave (ISO; set by the enqueuer): safe_mode lateness counts from it. */
  dueAt?: string;
}

export interface EnqueueOutboundOptions {
  /** Humanized delay or requested delivery time, as a delay from now. */
  delayMs?: number;
  /** Stable key: enqueuing the same key twice sends at most once. */
  idempotencyKey: string;
}

/** What producers call: the message leaves later, through the outbound job. */
export interface OutboundEnqueuer {
  enqueueOutbound(ctx: OutboundContext, text: string, opts: EnqueueOutboundOptions): Promise<{ jobId: string }>;
}
