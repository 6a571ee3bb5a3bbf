import { normalizePhone } from '../shared/index.js';
import { isCallRefusalText } from './call-refusal-text.js';

/** What a fromMe event from Evolution is, as far as human control goes. */
export type FromMeVerdict =
  | { takeOver: true }
  | { takeOver: false; reason: 'not_typed' | 'own_number' | 'automatic_text' };

/** Kinds a person types or sends from the phone; edits, revokes, reactions and protocol events are not a reply. */
const TYPED_KINDS = new Set(['text', 'image', 'video', 'document', 'audio', 'sticker', 'location', 'contact']);

/** Where the webhook keeps the instance's own number (Evolution's envelope `sender`) on a fromMe message. */
export const INSTANCE_NUMBER_FIELD = 'instanceNumber';

const squeeze = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

interface FromMeMessage {
  kind: string;
  text: string;
  phone: string | null;
  chatJid: string;
  extra: Record<string, unknown>;
}

/**
 * A fromMe event is a person taking over only when someone typed a message on
 * Júlia's phone into a doctor's chat. Never when the chat is the instance's own
 * number (Evolution 2.3 reports a doctor's edit from the sender's side: key
 * remoteJid = our number, fromMe true), never for an edit, revoke or reaction,
 * and never for a text the provider sends by itself (the reject-call message).
 * Júlia's own sends are recognised later, by id and by content (inbound_from_me).
 */
export function fromMeVerdict(message: FromMeMessage, automaticTexts: readonly string[]): FromMeVerdict {
  if (!TYPED_KINDS.has(message.kind)) return { takeOver: false, reason: 'not_typed' };
  const own = message.extra[INSTANCE_NUMBER_FIELD];
  const chatPhone = message.chatJid.endsWith('@s.whatsapp.net') ? normalizePhone(message.chatJid) : null;
  if (typeof own === 'string' && own !== '' && (own === message.phone || own === chatPhone)) return { takeOver: false, reason: 'own_number' };
  const text = squeeze(message.text);
  if (text !== '' && automaticTexts.some((t) => squeeze(t) === text)) return { takeOver: false, reason: 'automatic_text' };
  // Without the configured text, Evolution's reject-call message is still recognisable by what it says.
  if (message.kind === 'text' && isCallRefusalText(message.text)) return { takeOver: false, reason: 'automatic_text' };
  return { takeOver: true };
}

/**
 * Evolution names its own WhatsApp number in every webhook envelope (`sender`).
 * Kept on fromMe messages so the take-over check can tell the instance's own chat.
 */
export function stampInstanceNumber(message: { fromMe: boolean; extra: Record<string, unknown> }, envelope: unknown): void {
  if (!message.fromMe) return;
  const sender = (envelope as { sender?: unknown } | null)?.sender;
  if (typeof sender !== 'string' || !sender.endsWith('@s.whatsapp.net')) return;
  const phone = normalizePhone(sender);
  if (phone) message.extra[INSTANCE_NUMBER_FIELD] = phone;
}
