import { z } from 'zod';
import { normalizePhone } from '../shared/phone.js';
import type { InboundKind, InboundMessage } from './inbound-message.js';
import { readAudio } from './read-audio.js';

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
  // The envelope's date_time is only read when the message carries no usable time of its
  // own (rare): parsing it on every webhook was a visible share of the acknowledgement's CPU.
  const dateTime = envelope.date_time;
  if (event === 'messages.delete') return normalizeDeleteEvent(envelope.instance, envelope.data, dateTime);
  if (event === 'messages.edited') return normalizeEditEvent(envelope.instance, envelope.data, dateTime);
  const parsed = upsertSchema.safeParse(envelope.data);
  if (!parsed.success) return { status: 'invalid', reason: `data: ${parsed.error.issues[0]?.message}` };
  const d = parsed.data;
  if (d.key.remoteJid === 'status@broadcast') return { status: 'ignored', reason: 'status broadcast' };
  const content = readContent(d.message ?? {});
  return identify(envelope.instance, d.key, {
    pushName: d.pushName ?? null,
    sentAt: toIso(d.messageTimestamp, dateTime),
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

/** Text from a JSON value: a field of the wrong type (an object, an array) reads as empty, never throws. */
function str(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
}

/** Real messages wrap at most two or three levels deep; a deeper chain is hostile, not content. */
const MAX_WRAPPING = 8;

/* eslint-disable @typescript-eslint/no-explicit-any -- Baileys proto is loosely typed JSON. */
function readContent(message: Record<string, any>, depth = 0): Content {
  const none = { media: null, targetId: null, extra: {} };
  if (!message || typeof message !== 'object' || depth > MAX_WRAPPING) return { kind: 'unsupported', text: '', ...none, extra: { fields: [] } };
  if (typeof message.conversation === 'string') return { kind: 'text', text: message.conversation, ...none };
  if (message.extendedTextMessage?.text !== undefined) return { kind: 'text', text: str(message.extendedTextMessage.text), ...none };
  const inner = message.documentWithCaptionMessage?.message ?? message.viewOnceMessage?.message ?? message.ephemeralMessage?.message;
  if (inner) return readContent(inner, depth + 1);
  // A voice note may carry Evolution's transcript and the file itself (read-audio.ts).
  if (message.audioMessage) return readAudio(message);
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
    const label = [str(l.name), str(l.address)].filter(Boolean).join(' - ');
    return { kind: 'location', text: label, media: null, targetId: null, extra: { latitude: l.degreesLatitude, longitude: l.degreesLongitude } };
  }
  if (message.contactMessage) {
    const c = message.contactMessage;
    const waid = /waid=(\d+)/.exec(str(c.vcard))?.[1] ?? null;
    return { kind: 'contact', text: str(c.displayName), media: null, targetId: null, extra: { contactPhone: waid ? normalizePhone(`+${waid}`) : null } };
  }
  if (message.reactionMessage) {
    const r = message.reactionMessage;
    return { kind: 'reaction', text: str(r.text), media: null, targetId: r.key?.id ?? null, extra: { targetFromMe: r.key?.fromMe === true } };
  }
  const protocol = message.protocolMessage ?? message.editedMessage?.message?.protocolMessage;
  if (protocol?.type === 'REVOKE' || protocol?.type === 0) return { kind: 'delete', text: '', media: null, targetId: protocol.key?.id ?? null, extra: {} };
  if (protocol?.type === 'MESSAGE_EDIT' || protocol?.type === 14) {
    const edited = readContent(protocol.editedMessage ?? {}, depth + 1);
    return { kind: 'edit', text: edited.text, media: null, targetId: protocol.key?.id ?? null, extra: {} };
  }
  return { kind: 'unsupported', text: '', media: null, targetId: null, extra: { fields: Object.keys(message).filter((k) => k !== 'messageContextInfo') } };
}

/** Current Evolution sends edits as their own event whose data is the protocolMessage. */
function normalizeEditEvent(instance: string, data: unknown, dateTime: string | undefined): NormalizeResult {
  const d = z.object({ key: keySchema, editedMessage: z.record(z.string(), z.any()).nullish(), timestampMs: z.union([z.string(), z.number()]).nullish() }).safeParse(data);
  if (!d.success) return { status: 'invalid', reason: `data: ${d.error.issues[0]?.message}` };
  const at = d.data.timestampMs ? toIso(Number(d.data.timestampMs) / 1000, dateTime) : fallbackTime(dateTime);
  const text = readContent(d.data.editedMessage ?? {}).text;
  // The event reuses the original id; derive a stable one so redelivery still dedupes.
  const key = { ...d.data.key, id: `${d.data.key.id}-edit-${d.data.timestampMs ?? at}` };
  return identify(instance, key, { kind: 'edit', text, media: null, targetId: d.data.key.id, extra: {}, pushName: null, sentAt: at });
}

function normalizeDeleteEvent(instance: string, data: unknown, dateTime: string | undefined): NormalizeResult {
  const d = keySchema.safeParse(data);
  if (!d.success) return { status: 'invalid', reason: `data: ${d.error.issues[0]?.message}` };
  const key = { ...d.data, id: `${d.data.id}-revoke` };
  return identify(instance, key, { kind: 'delete', text: '', media: null, targetId: d.data.id, extra: {}, pushName: null, sentAt: fallbackTime(dateTime) });
}

/** The envelope's date_time when it is a date, else now. */
function fallbackTime(dateTime: string | undefined): string {
  return dateTime && !Number.isNaN(Date.parse(dateTime)) ? dateTime : new Date().toISOString();
}

function toIso(ts: unknown, dateTime: string | undefined): string {
  const seconds = typeof ts === 'number' ? ts : typeof ts === 'string' ? Number(ts) : (ts as { low?: number } | null)?.low;
  // Beyond year 275760 a Date is invalid and toISOString throws: such a stamp is as unusable as none.
  const at = typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : null;
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : fallbackTime(dateTime);
}
