import { z } from 'zod';
import { normalizePhone } from '../shared/phone.js';
import type { InboundKind, InboundMessage } from './inbound-message.js';

/**
 * Evolution API v2 webhook → InboundMessage. Evolution forwards Baileys'
 * WAMessage, so the shapes below are Baileys' proto fields; anything we do not
 * understand becomes `unsupported` rather than an error, so nothing is lost.
 */
export const evolutionEnvelopeSchema = z.object({
  event: z.string().min(1),
  instance: z.string().min(1),
  data: z.unknown(),
  date_time: z.string().optional(),
});

const keySchema = z.object({
  remoteJid: z.string().min(1),
  fromMe: z.boolean().optional().default(false),
  id: z.string().min(1),
  participant: z.string().nullish(),
  remoteJidAlt: z.string().nullish(),
  participantAlt: z.string().nullish(),
});

const upsertSchema = z.object({
  key: keySchema,
  pushName: z.string().nullish(),
  message: z.record(z.string(), z.any()).nullish(),
  messageType: z.string().nullish(),
  messageTimestamp: z.union([z.number(), z.string(), z.object({ low: z.number() }).passthrough()]).nullish(),
});

export type NormalizeResult =
  | { status: 'message'; message: InboundMessage }
  | { status: 'ignored'; reason: string }
  | { status: 'invalid'; reason: string };

export const HANDLED_EVENTS = ['messages.upsert', 'messages.edited', 'messages.delete'];

export function normalizeEvolution(envelope: z.infer<typeof evolutionEnvelopeSchema>): NormalizeResult {
  const event = envelope.event.toLowerCase().replace(/_/g, '.');
  if (!HANDLED_EVENTS.includes(event)) return { status: 'ignored', reason: `event ${envelope.event}` };
  const fallbackAt = envelope.date_time && !Number.isNaN(Date.parse(envelope.date_time)) ? envelope.date_time : new Date().toISOString();
  if (event === 'messages.delete') return normalizeDeleteEvent(envelope.instance, envelope.data, fallbackAt);
  if (event === 'messages.edited') return normalizeEditEvent(envelope.instance, envelope.data, fallbackAt);
  const parsed = upsertSchema.safeParse(envelope.data);
  if (!parsed.success) return { status: 'invalid', reason: `data: ${parsed.error.issues[0]?.message}` };
  const d = parsed.data;
  if (d.key.remoteJid === 'status@broadcast') return { status: 'ignored', reason: 'status broadcast' };
  const content = readContent(d.message ?? {});
  return identify(envelope.instance, d.key, {
    pushName: d.pushName ?? null,
    sentAt: toIso(d.messageTimestamp, fallbackAt),
    ...content,
  });
}

interface Content {
  kind: InboundKind;
  text: string;
  media: InboundMessage['media'];
  targetId: string | null;
  extra: Record<string, unknown>;
}

function identify(instance: string, key: z.infer<typeof keySchema>, rest: Content & { pushName: string | null; sentAt: string }): NormalizeResult {
  const isGroup = key.remoteJid.endsWith('@g.us');
  // In a group the sender is the participant; elsewhere the chat itself.
  const senderJid = isGroup ? (key.participantAlt ?? key.participant ?? '') : key.remoteJid;
  const altJid = isGroup ? null : (key.remoteJidAlt ?? null);
  const lid = [senderJid, key.remoteJid, key.participant ?? ''].find((j) => j.endsWith('@lid'))?.replace(/@lid$/, '') ?? null;
  const phoneJid = [altJid, senderJid].find((j) => j && j.endsWith('@s.whatsapp.net')) ?? null;
  const phone = phoneJid ? normalizePhone(phoneJid) : null;
  if (!phone && !lid) return { status: 'invalid', reason: `cannot identify the sender of ${key.remoteJid}` };
  const triggersTurn = !['reaction', 'delete'].includes(rest.kind);
  return {
    status: 'message',
    message: {
      instance,
      providerMessageId: key.id,
      chatJid: key.remoteJid,
      phone,
      lid,
      isGroup,
      fromMe: key.fromMe,
      ...rest,
      triggersTurn,
    },
  };
}

const MEDIA_KINDS: Record<string, InboundKind> = {
  imageMessage: 'image',
  videoMessage: 'video',
  documentMessage: 'document',
  audioMessage: 'audio',
  stickerMessage: 'sticker',
};

/** Baileys sends fileLength as a number, a numeric string or a protobuf Long ({ low, high }). */
function declaredBytes(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return v;
  if (typeof v === 'string' && /^\d{1,15}$/.test(v)) return Number(v);
  if (v && typeof v === 'object' && typeof (v as { low?: unknown }).low === 'number') {
    const { low, high } = v as { low: number; high?: number };
    return (high ?? 0) * 2 ** 32 + (low >>> 0);
  }
  return null;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- Baileys proto is loosely typed JSON. */
function readContent(message: Record<string, any>): Content {
  const none = { media: null, targetId: null, extra: {} };
  if (typeof message.conversation === 'string') return { kind: 'text', text: message.conversation, ...none };
  if (message.extendedTextMessage?.text !== undefined) return { kind: 'text', text: String(message.extendedTextMessage.text), ...none };
  const inner = message.documentWithCaptionMessage?.message ?? message.viewOnceMessage?.message ?? message.ephemeralMessage?.message;
  if (inner) return readContent(inner);
  for (const [field, kind] of Object.entries(MEDIA_KINDS)) {
    const m = message[field];
    if (!m) continue;
    return {
      kind,
      text: typeof m.caption === 'string' ? m.caption : '',
      media: {
        mimetype: m.mimetype ?? null,
        url: m.url ?? null,
        seconds: typeof m.seconds === 'number' ? m.seconds : null,
        fileName: m.fileName ?? m.title ?? null,
        ptt: m.ptt === true,
      },
      targetId: null,
      // The declared size lets the media processor refuse a huge file before fetching it.
      extra: declaredBytes(m.fileLength) !== null ? { fileLength: declaredBytes(m.fileLength) } : {},
    };
  }
  if (message.locationMessage) {
    const l = message.locationMessage;
    const label = [l.name, l.address].filter(Boolean).join(' - ');
    return { kind: 'location', text: label, media: null, targetId: null, extra: { latitude: l.degreesLatitude, longitude: l.degreesLongitude } };
  }
  if (message.contactMessage) {
    const c = message.contactMessage;
    const waid = /waid=(\d+)/.exec(String(c.vcard ?? ''))?.[1] ?? null;
    return { kind: 'contact', text: String(c.displayName ?? ''), media: null, targetId: null, extra: { contactPhone: waid ? normalizePhone(`+${waid}`) : null } };
  }
  if (message.reactionMessage) {
    const r = message.reactionMessage;
    return { kind: 'reaction', text: String(r.text ?? ''), media: null, targetId: r.key?.id ?? null, extra: { targetFromMe: r.key?.fromMe === true } };
  }
  const protocol = message.protocolMessage ?? message.editedMessage?.message?.protocolMessage;
  if (protocol?.type === 'REVOKE' || protocol?.type === 0) return { kind: 'delete', text: '', media: null, targetId: protocol.key?.id ?? null, extra: {} };
  if (protocol?.type === 'MESSAGE_EDIT' || protocol?.type === 14) {
    const edited = readContent(protocol.editedMessage ?? {});
    return { kind: 'edit', text: edited.text, media: null, targetId: protocol.key?.id ?? null, extra: {} };
  }
  return { kind: 'unsupported', text: '', media: null, targetId: null, extra: { fields: Object.keys(message).filter((k) => k !== 'messageContextInfo') } };
}

/** Current Evolution sends edits as their own event whose data is the protocolMessage. */
function normalizeEditEvent(instance: string, data: unknown, fallbackAt: string): NormalizeResult {
  const d = z.object({ key: keySchema, editedMessage: z.record(z.string(), z.any()).nullish(), timestampMs: z.union([z.string(), z.number()]).nullish() }).safeParse(data);
  if (!d.success) return { status: 'invalid', reason: `data: ${d.error.issues[0]?.message}` };
  const at = d.data.timestampMs ? new Date(Number(d.data.timestampMs)).toISOString() : fallbackAt;
  const text = readContent(d.data.editedMessage ?? {}).text;
  // The event reuses the original id; derive a stable one so redelivery still dedupes.
  const key = { ...d.data.key, id: `${d.data.key.id}-edit-${d.data.timestampMs ?? at}` };
  return identify(instance, key, { kind: 'edit', text, media: null, targetId: d.data.key.id, extra: {}, pushName: null, sentAt: at });
}

function normalizeDeleteEvent(instance: string, data: unknown, fallbackAt: string): NormalizeResult {
  const d = keySchema.safeParse(data);
  if (!d.success) return { status: 'invalid', reason: `data: ${d.error.issues[0]?.message}` };
  const key = { ...d.data, id: `${d.data.id}-revoke` };
  return identify(instance, key, { kind: 'delete', text: '', media: null, targetId: d.data.id, extra: {}, pushName: null, sentAt: fallbackAt });
}

function toIso(ts: unknown, fallback: string): string {
  const seconds = typeof ts === 'number' ? ts : typeof ts === 'string' ? Number(ts) : (ts as { low?: number } | null)?.low;
  if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0) return new Date(seconds * 1000).toISOString();
  return fallback;
}
