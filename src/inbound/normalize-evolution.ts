import { z } from 'zod';
import { normalizePhone } from '../shared/phone.js';
import { readChoice } from './evolution-choice.js';
import { declaredBytes } from './declared-bytes.js';
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
  // Evolution fills these from its own state; a null is as good as absent.
  date_time: z.string().nullish().transform((v) => v ?? undefined),
  /** The instance's own WhatsApp JID (Evolution's `wuid`), when connected. */
  sender: z.string().nullish().transform((v) => v ?? undefined),
});
/** The envelope as parsed (date_time and sender may be absent: the catch-up run builds its own). */
type Envelope = { event: string; instance: string; data: unknown; date_time?: string | undefined; sender?: string | undefined };

const keySchema = z.object({
  remoteJid: z.string().min(1),
  fromMe: z.boolean().optional().default(false),
  id: z.string().min(1),
  participant: z.string().nullish(),
  remoteJidAlt: z.string().nullish(),
  participantAlt: z.string().nullish(),
});
type Key = z.infer<typeof keySchema>;

const upsertSchema = z.object({
  key: keySchema,
  pushName: z.string().nullish(),
  message: z.record(z.string(), z.any()).nullish(),
  messageType: z.string().nullish(),
  messageTimestamp: z.union([z.number(), z.string(), z.object({ low: z.number() }).passthrough()]).nullish(),
  // Evolution 2.3 moves the content's contextInfo (the quote) here and rewrites the text to `conversation`.
  contextInfo: z.record(z.string(), z.any()).nullish(),
});

export type NormalizeResult =
  | { status: 'message'; message: InboundMessage }
  | { status: 'ignored'; reason: string }
  | { status: 'invalid'; reason: string };

export const HANDLED_EVENTS = ['messages.upsert', 'messages.edited', 'messages.delete'];

/** `messages.upsert`, `MESSAGES_UPSERT` and the by-events path's `messages-upsert` are one event. */
export function eventName(raw: string): string {
  return raw.toLowerCase().replace(/[_-]/g, '.');
}

/**
 * Chats that are not a person writing to us: WhatsApp Status, broadcast lists,
 * channels (newsletters) and Meta's bots. Evolution posts them like any message.
 */
const NOT_A_PERSON = /@(broadcast|newsletter|bot|call)$/;

/** Every message an envelope carries: Evolution posts one object, a few versions and proxies a list. */
export function normalizeEvolutionAll(envelope: Envelope): NormalizeResult[] {
  if (Array.isArray(envelope.data) && HANDLED_EVENTS.includes(eventName(envelope.event))) {
    return envelope.data.length === 0 ? [{ status: 'ignored', reason: 'empty list' }] : envelope.data.map((data) => normalizeEvolution({ ...envelope, data }));
  }
  return [normalizeEvolution(envelope)];
}

export function normalizeEvolution(envelope: Envelope): NormalizeResult {
  const event = eventName(envelope.event);
  if (!HANDLED_EVENTS.includes(event)) return { status: 'ignored', reason: `event ${envelope.event}` };
  // The envelope's date_time is only read when the message carries no usable time of its
  // own (rare): parsing it on every webhook was a visible share of the acknowledgement's CPU.
  const dateTime = envelope.date_time;
  if (event === 'messages.delete') return normalizeDeleteEvent(envelope.instance, envelope.data, dateTime);
  if (event === 'messages.edited') return normalizeEditEvent(envelope, envelope.data);
  const parsed = upsertSchema.safeParse(envelope.data);
  if (!parsed.success) return { status: 'invalid', reason: `data: ${parsed.error.issues[0]?.message}` };
  const d = parsed.data;
  if (NOT_A_PERSON.test(d.key.remoteJid)) return { status: 'ignored', reason: `not a person's chat (${d.key.remoteJid.replace(/^.*@/, '@')})` };
  if (!d.message || Object.keys(d.message).length === 0) return { status: 'ignored', reason: 'no content' };
  const content = readContent(d.message);
  // Our own devices' housekeeping (history sync, key shares, our votes) is never a person typing.
  if (d.key.fromMe && RECORD_ONLY_KINDS.has(content.kind)) return { status: 'ignored', reason: `own ${content.kind}` };
  const quoted = readQuote(content.contextInfo ?? d.contextInfo ?? null, envelope.sender);
  const sentAt = toIso(d.messageTimestamp, dateTime);
  const { contextInfo: _context, ...rest } = content;
  let key: Key = d.key;
  if (content.kind === 'edit' || content.kind === 'delete') {
    // One id per change whatever the form it came in (upsert, messages.edited, messages.delete), so a second form is a duplicate.
    key = { ...d.key, id: changeId(content.kind, content.targetId ?? d.key.id, content.extra['editedAtMs'], sentAt) };
  }
  return asChange(identify(envelope.instance, key, {
    pushName: d.pushName ?? null,
    sentAt,
    ...rest,
    extra: quoted ? { ...rest.extra, quoted } : rest.extra,
  }, { resolveByTarget: content.kind === 'edit' || content.kind === 'delete' }));
}

/** Kinds stored for the record that never start a turn nor get an answer of their own. */
export const RECORD_ONLY_KINDS: ReadonlySet<InboundKind> = new Set(['poll', 'poll_vote', 'protocol']);
const NO_TURN_KINDS: ReadonlySet<InboundKind> = new Set(['reaction', 'delete', 'edit', ...RECORD_ONLY_KINDS]);

function changeId(kind: 'edit' | 'delete', targetId: string, editedAtMs: unknown, sentAt: string): string {
  if (kind === 'delete') return `${targetId}-revoke`;
  const at = typeof editedAtMs === 'number' && Number.isFinite(editedAtMs) ? editedAtMs : Date.parse(sentAt);
  return `${targetId}-edit-${at}`;
}

interface Content {
  kind: InboundKind;
  text: string;
  media: InboundMessage['media'];
  targetId: string | null;
  extra: Record<string, unknown>;
  /** The content's own contextInfo (the quote lives there), read once and dropped. */
  contextInfo?: Record<string, unknown> | null;
}

function identify(
  instance: string,
  key: Key,
  rest: Omit<Content, 'contextInfo'> & { pushName: string | null; sentAt: string },
  opts: { resolveByTarget?: boolean } = {},
): NormalizeResult {
  const isGroup = key.remoteJid.endsWith('@g.us');
  // In a group the sender is the participant; elsewhere the chat itself.
  const senderJid = isGroup ? (key.participantAlt ?? key.participant ?? '') : key.remoteJid;
  const altJid = isGroup ? null : (key.remoteJidAlt ?? null);
  const lid = [senderJid, key.remoteJid, key.participant ?? ''].find((j) => j.endsWith('@lid'))?.replace(/@lid$/, '') ?? null;
  const phoneJid = [altJid, senderJid].find((j) => j && /@(s\.whatsapp\.net|c\.us)$/.test(j)) ?? null;
  const phone = phoneJid ? normalizePhone(phoneJid) : null;
  if (!phone && !lid && !opts.resolveByTarget) return { status: 'invalid', reason: `cannot identify the sender of ${key.remoteJid}` };
  const triggersTurn = !NO_TURN_KINDS.has(rest.kind);
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
      ...(opts.resolveByTarget ? { resolveByTarget: true } : {}),
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

/** Text from a JSON value: a field of the wrong type (an object, an array) reads as empty, never throws. */
function str(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
}

/** Real messages wrap at most two or three levels deep; a deeper chain is hostile, not content. */
const MAX_WRAPPING = 8;

/**
 * Baileys' FutureProofMessage wrappers (`{ message: {...} }`): view-once (v1, v2 and its
 * extension), disappearing messages, documents with a caption, edits, group mentions,
 * a send echoed from another of our devices (`deviceSentMessage`), and whatever newer
 * wrapper WhatsApp adds in the same form.
 */
const WRAPPERS = [
  'ephemeralMessage', 'viewOnceMessage', 'viewOnceMessageV2', 'viewOnceMessageV2Extension', 'documentWithCaptionMessage',
  'editedMessage', 'deviceSentMessage', 'groupMentionedMessage', 'botInvokeMessage', 'associatedChildMessage', 'lottieStickerMessage',
];

/** Fields that never carry content of their own (encryption and device bookkeeping). */
const HOUSEKEEPING = new Set(['messageContextInfo', 'senderKeyDistributionMessage', 'fastRatchetKeySenderKeyDistributionMessage', 'base64', 'mediaUrl', 'speechToText']);

/* eslint-disable @typescript-eslint/no-explicit-any -- Baileys proto is loosely typed JSON. */
function unwrap(message: Record<string, any>): Record<string, any> | null {
  for (const w of WRAPPERS) {
    const inner = message[w]?.message;
    if (inner && typeof inner === 'object') return inner;
  }
  // A wrapper we do not know by name: the only content field, holding just `message`.
  const fields = Object.keys(message).filter((k) => !HOUSEKEEPING.has(k));
  if (fields.length === 1) {
    const v = message[fields[0]!];
    if (v && typeof v === 'object' && v.message && typeof v.message === 'object' && Object.keys(v).every((k) => k === 'message' || k === 'destinationJid' || k === 'phash')) return v.message;
  }
  return null;
}

/** The quote's envelope: the contextInfo of whatever content field carries one, wrappers opened. */
function contextInfoOf(message: Record<string, any>, depth = 0): Record<string, any> | null {
  if (!message || typeof message !== 'object' || depth > MAX_WRAPPING) return null;
  const inner = unwrap(message);
  if (inner) return contextInfoOf(inner, depth + 1);
  for (const [k, v] of Object.entries(message)) {
    if (HOUSEKEEPING.has(k) || !v || typeof v !== 'object') continue;
    const ci = (v as Record<string, any>).contextInfo;
    if (ci && typeof ci === 'object') return ci;
  }
  return null;
}

const POLL_FIELDS = ['pollCreationMessage', 'pollCreationMessageV2', 'pollCreationMessageV3', 'pollCreationMessageV5'];
const PROTOCOL_TYPES: Record<number, string> = {
  0: 'REVOKE', 3: 'EPHEMERAL_SETTING', 4: 'EPHEMERAL_SYNC_RESPONSE', 5: 'HISTORY_SYNC_NOTIFICATION', 6: 'APP_STATE_SYNC_KEY_SHARE',
  7: 'APP_STATE_SYNC_KEY_REQUEST', 9: 'INITIAL_SECURITY_NOTIFICATION_SETTING_SYNC', 11: 'SHARE_PHONE_NUMBER', 14: 'MESSAGE_EDIT',
  16: 'PEER_DATA_OPERATION_REQUEST_MESSAGE', 17: 'PEER_DATA_OPERATION_REQUEST_RESPONSE_MESSAGE', 22: 'LID_MIGRATION_MAPPING_SYNC',
};

/** The protocolMessage type by name: protobuf's JSON gives the name, a raw object the number. */
export function protocolType(type: unknown): string {
  if (typeof type === 'number') return PROTOCOL_TYPES[type] ?? `TYPE_${type}`;
  return typeof type === 'string' && type ? type.toUpperCase() : 'UNKNOWN';
}

/** protobuf int64 as JSON: a number, a numeric string or a Long ({ low, high }). */
function int64(v: unknown): number | null {
  const n = declaredBytes(v);
  return n !== null && n > 0 ? n : null;
}

function readContent(message: Record<string, any>, depth = 0): Content {
  const none = { media: null, targetId: null, extra: {} };
  if (!message || typeof message !== 'object' || depth > MAX_WRAPPING) return { kind: 'unsupported', text: '', ...none, extra: { fields: [] } };
  const withContext = (c: Content): Content => ({ ...c, contextInfo: contextInfoOf(message) });
  if (typeof message.conversation === 'string') return withContext({ kind: 'text', text: message.conversation, ...none });
  if (message.extendedTextMessage?.text !== undefined) return withContext({ kind: 'text', text: str(message.extendedTextMessage.text), ...none });
  const choice = readChoice(message);
  if (choice) return withContext({ kind: 'text', text: choice.title, media: null, targetId: null, extra: { choice } });
  const inner = unwrap(message);
  if (inner) return readContent(inner, depth + 1);
  // A voice note may carry Evolution's transcript and the file itself (read-audio.ts).
  if (message.audioMessage) return withContext(readAudio(message));
  // Messages with buttons or a list: what we send (a doctor quotes them), read by their visible text.
  const offer = str(message.buttonsMessage?.contentText) || str(message.listMessage?.description) || str(message.listMessage?.title)
    || str(message.templateMessage?.hydratedTemplate?.hydratedContentText) || str(message.interactiveMessage?.body?.text);
  if (offer) return withContext({ kind: 'text', text: offer, ...none });
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
  const place = message.locationMessage ?? message.liveLocationMessage;
  if (place && typeof place === 'object') {
    const label = [str(place.name), str(place.address)].filter(Boolean).join(' - ');
    return withContext({ kind: 'location', text: label, media: null, targetId: null, extra: { latitude: place.degreesLatitude, longitude: place.degreesLongitude } });
  }
  const contacts: any[] = message.contactMessage ? [message.contactMessage] : Array.isArray(message.contactsArrayMessage?.contacts) ? message.contactsArrayMessage.contacts : [];
  if (contacts.length > 0) {
    const waid = /waid=(\d+)/.exec(str(contacts[0]?.vcard))?.[1] ?? null;
    const names = contacts.map((c) => str(c?.displayName)).filter(Boolean);
    return withContext({ kind: 'contact', text: names.join(', ') || str(message.contactsArrayMessage?.displayName), media: null, targetId: null, extra: { contactPhone: waid ? normalizePhone(`+${waid}`) : null, ...(contacts.length > 1 ? { contacts: contacts.length } : {}) } });
  }
  if (message.reactionMessage || message.encReactionMessage) {
    const r = message.reactionMessage ?? message.encReactionMessage;
    const key = r.key ?? r.targetMessageKey;
    return { kind: 'reaction', text: str(r.text), media: null, targetId: key?.id ?? null, extra: { targetFromMe: key?.fromMe === true } };
  }
  const pollField = POLL_FIELDS.find((f) => message[f] && typeof message[f] === 'object');
  if (pollField) {
    const p = message[pollField];
    const options = Array.isArray(p.options) ? p.options.map((o: any) => str(o?.optionName)).filter(Boolean) : [];
    return { kind: 'poll', text: str(p.name), media: null, targetId: null, extra: { options } };
  }
  if (message.pollUpdateMessage) {
    // The vote itself is encrypted for the poll's creator; only which poll it answers is readable.
    const u = message.pollUpdateMessage;
    return { kind: 'poll_vote', text: '', media: null, targetId: u.pollCreationMessageKey?.id ?? null, extra: {} };
  }
  const protocol = message.protocolMessage;
  if (protocol && typeof protocol === 'object') {
    const type = protocolType(protocol.type);
    if (type === 'REVOKE') return { kind: 'delete', text: '', media: null, targetId: protocol.key?.id ?? null, extra: {} };
    if (type === 'MESSAGE_EDIT' || (type === 'UNKNOWN' && protocol.editedMessage)) {
      const edited = readContent(protocol.editedMessage ?? {}, depth + 1);
      const editedAtMs = int64(protocol.timestampMs);
      return { kind: 'edit', text: edited.text, media: null, targetId: protocol.key?.id ?? null, extra: editedAtMs ? { editedAtMs } : {} };
    }
    return { kind: 'protocol', text: '', media: null, targetId: null, extra: { protocolType: type } };
  }
  const fields = Object.keys(message).filter((k) => !HOUSEKEEPING.has(k));
  // Only encryption bookkeeping (a sender key for a later message): nothing was said.
  if (fields.length === 0) return { kind: 'protocol', text: '', media: null, targetId: null, extra: { protocolType: 'KEY_DISTRIBUTION' } };
  return { kind: 'unsupported', text: '', media: null, targetId: null, extra: { fields } };
}

const QUOTE_MAX = 600;

/**
 * What a message quotes (long-press, "responder"): the quoted message's id
 * (stanzaId, the id we stored it under), its text, and whether we wrote it.
 * The text is cut: it is context, not the doctor's words.
 */
function readQuote(ci: Record<string, any> | null, ownJid: string | undefined): Record<string, unknown> | null {
  if (!ci || typeof ci !== 'object' || !ci.quotedMessage || typeof ci.quotedMessage !== 'object') return null;
  const q = readContent(ci.quotedMessage);
  const choice = q.extra['choice'] as { title?: string } | undefined;
  const text = (q.text || choice?.title || '').trim();
  const cut = text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text;
  const participant = str(ci.participant);
  const ownNumber = ownJid ? ownJid.replace(/[:@].*$/, '') : '';
  return {
    id: str(ci.stanzaId) || null,
    kind: q.kind,
    text: cut,
    fromUs: participant && ownNumber ? participant.replace(/[:@].*$/, '') === ownNumber : null,
  };
}

const changeSchema = z.object({
  key: keySchema.nullish(),
  type: z.union([z.string(), z.number()]).nullish(),
  editedMessage: z.record(z.string(), z.any()).nullish(),
  timestampMs: z.union([z.string(), z.number(), z.object({ low: z.number() }).passthrough()]).nullish(),
});

/**
 * `messages.edited`: Evolution 2.2+ posts every protocolMessage it receives here
 * (edits, revokes, history-sync and disappearing-mode notices...), the data being
 * the protocolMessage itself. Its key is the sender's view of the edited message:
 * when a doctor edits, `remoteJid` is OUR number and `fromMe` is true. So the
 * chat is never read from it: the inbound job finds it through the target id.
 */
function normalizeEditEvent(envelope: Envelope, data: unknown): NormalizeResult {
  const d = changeSchema.safeParse(data);
  if (!d.success) return { status: 'ignored', reason: `protocol message we do not use: ${d.error.issues[0]?.message}` };
  const { key, editedMessage } = d.data;
  const type = protocolType(d.data.type ?? (editedMessage ? 'MESSAGE_EDIT' : undefined));
  if (!key) return { status: 'ignored', reason: `protocol message without a key (${type})` };
  if (type !== 'MESSAGE_EDIT' && type !== 'REVOKE') return { status: 'ignored', reason: `protocol message ${type}` };
  if (NOT_A_PERSON.test(key.remoteJid)) return { status: 'ignored', reason: `not a person's chat (${key.remoteJid.replace(/^.*@/, '@')})` };
  const editedAtMs = int64(d.data.timestampMs);
  const sentAt = editedAtMs ? toIso(editedAtMs / 1000, envelope.date_time) : fallbackTime(envelope.date_time);
  const kind = type === 'REVOKE' ? 'delete' : 'edit';
  const text = kind === 'edit' ? readContent(editedMessage ?? {}).text : '';
  const changeKey: Key = { ...key, id: changeId(kind, key.id, editedAtMs, sentAt) };
  return asChange(identify(envelope.instance, changeKey, { kind, text, media: null, targetId: key.id, extra: editedAtMs ? { editedAtMs } : {}, pushName: null, sentAt }, { resolveByTarget: true }));
}

/**
 * An edit or revoke is applied to the message it targets, found by id in the
 * inbound job, whose chat is the truth. A key with `fromMe: true` is either our
 * side changing its own message or (messages.edited) the doctor's change seen
 * from his side, with OUR number as remoteJid: its JIDs identify nobody.
 */
function asChange(r: NormalizeResult): NormalizeResult {
  if (r.status !== 'message' || (r.message.kind !== 'edit' && r.message.kind !== 'delete')) return r;
  const m = r.message;
  return { status: 'message', message: { ...m, resolveByTarget: true, ...(m.fromMe ? { phone: null, lid: null, fromMe: false, extra: { ...m.extra, keyFromMe: true } } : {}) } };
}

function sameUser(a: string, b: string): boolean {
  const user = (j: string) => j.replace(/[:@].*$/, '');
  return user(a) !== '' && user(a) === user(b);
}

/** `messages.delete`: the revoked message's key, from our side (Evolution adds `status: DELETED` in some versions). */
function normalizeDeleteEvent(instance: string, data: unknown, dateTime: string | undefined): NormalizeResult {
  const raw = (data && typeof data === 'object' && 'key' in data ? (data as { key: unknown }).key : data) as unknown;
  const d = keySchema.safeParse(raw);
  if (!d.success) return { status: 'ignored', reason: `deletion without a usable key: ${d.error.issues[0]?.message}` };
  if (NOT_A_PERSON.test(d.data.remoteJid)) return { status: 'ignored', reason: `not a person's chat (${d.data.remoteJid.replace(/^.*@/, '@')})` };
  const key = { ...d.data, id: changeId('delete', d.data.id, null, '') };
  return asChange(identify(instance, key, { kind: 'delete', text: '', media: null, targetId: d.data.id, extra: {}, pushName: null, sentAt: fallbackTime(dateTime) }, { resolveByTarget: true }));
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
