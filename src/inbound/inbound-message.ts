import { z } from 'zod';

/** What the webhook hands to the `inbound` job: provider-neutral, already normalized. */
export const INBOUND_KINDS = [
  'text', 'image', 'video', 'document', 'audio', 'sticker', 'location', 'contact', 'reaction', 'edit', 'delete',
  // Recorded, never answered on their own: a poll the doctor created, his vote, WhatsApp's protocol notices.
  'poll', 'poll_vote', 'protocol',
  'unsupported',
] as const;

export const inboundMessageSchema = z.object({
  instance: z.string().min(1),
  providerMessageId: z.string().min(1).max(200),
  /** The chat: the doctor's JID, or the group's. */
  chatJid: z.string().min(1),
  /** E.164 digits of the person who wrote; null when WhatsApp hides it (@lid with no alt). */
  phone: z.string().regex(/^\d{8,15}$/).nullable(),
  /** WhatsApp's opaque "linked id" (digits before @lid), kept so later messages match. */
  lid: z.string().nullable(),
  isGroup: z.boolean(),
  fromMe: z.boolean(),
  pushName: z.string().nullable(),
  kind: z.enum(INBOUND_KINDS),
  /** Text or caption; empty for media without one. A tapped button or list row: its title. */
  text: z.string(),
  media: z
    .object({ mimetype: z.string().nullable(), url: z.string().nullable(), seconds: z.number().nullable(), fileName: z.string().nullable(), ptt: z.boolean() })
    .nullable(),
  /** For reactions, edits and deletions: the message they refer to. */
  targetId: z.string().nullable(),
  extra: z.record(z.string(), z.unknown()),
  /** When the doctor sent it (messageTimestamp), ISO UTC: turns order by this, not arrival. */
  sentAt: z.string(),
  /** Reactions, edits, deletions, polls and protocol notices are stored but do not start a turn. */
  triggersTurn: z.boolean(),
  /**
   * Edits and revokes: the chat is the target message's (found by targetId), not
   * the key's; phone and lid are null when the key named no doctor (its sender's view).
   */
  resolveByTarget: z.boolean().optional(),
});

export type InboundMessage = z.infer<typeof inboundMessageSchema>;
export type InboundKind = InboundMessage['kind'];
