import type { Db } from '../db/index.js';
import type { ChatwootAttachment } from '../integrations/chatwoot/index.js';

/** The largest file attached to a mirrored message (decoded bytes); Evolution's media answer is capped just above it. */
export const MAX_MIRROR_MEDIA_BYTES = 4_000_000;

/** Evolution's getBase64FromMediaMessage, behind a port (its timeout and size cap are the client's). */
export type FetchMedia = (instance: string, remoteJid: string, providerMessageId: string) => Promise<{ base64: string; mimetype: string } | null>;

interface Located {
  kind: string;
  instance: string | null;
  providerMessageId: string | null;
  chatJid: string | null;
  mimetype: string | null;
  fileName: string | null;
  declaredBytes: number | null;
}

/** What Chatwoot shows for a media message without its file: the kind in words, and the caption. */
const KIND_WORDS: Record<string, string> = { image: 'imagem', video: 'vídeo', document: 'documento', sticker: 'figurinha', audio: 'áudio' };

export const MIRRORED_MEDIA_KINDS = new Set(['image', 'video', 'document', 'sticker']);

export class MediaTooLarge extends Error {}

/**
 * A doctor's image, video, document or sticker fetched again from Evolution for the
 * supervisor's view. Null when it cannot be located or Evolution no longer has it;
 * MediaTooLarge over the cap (declared or actual), before decoding.
 */
export async function loadMirrorMedia(deps: { db: Db; fetchMedia: FetchMedia }, interactionId: string): Promise<ChatwootAttachment | null> {
  const m = await deps.db.rpc<Located | null>('interaction_media', { p_interaction_id: interactionId });
  if (!m?.instance || !m.providerMessageId || !m.chatJid) return null;
  if (m.declaredBytes !== null && m.declaredBytes > MAX_MIRROR_MEDIA_BYTES) throw new MediaTooLarge(`declared ${m.declaredBytes} bytes`);
  const got = await deps.fetchMedia(m.instance, m.chatJid, m.providerMessageId);
  if (!got) return null;
  const clean = got.base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (clean.length > Math.ceil(MAX_MIRROR_MEDIA_BYTES / 3) * 4) throw new MediaTooLarge(`${Math.floor((clean.length * 3) / 4)} bytes`);
  const mimetype = ((got.mimetype || m.mimetype) ?? 'application/octet-stream').split(';')[0]!.trim() || 'application/octet-stream';
  return { data: Buffer.from(clean, 'base64'), mimetype, fileName: safeFileName(m.fileName) ?? `${m.kind}-${interactionId.slice(0, 8)}.${extensionOf(mimetype)}` };
}

/** The mirrored text of a media message: its caption, or its kind in words when it has none. */
export function mediaLabel(kind: string, caption: string | null): string {
  const words = KIND_WORDS[kind] ?? kind;
  return caption?.trim() ? caption.trim() : `[${words}]`;
}

/** The note added when the file could not go along. */
export function mediaMissingNote(kind: string, why: 'too_large' | 'unavailable'): string {
  const words = KIND_WORDS[kind] ?? kind;
  return why === 'too_large' ? `(${words} grande demais para anexar; veja no WhatsApp)` : `(o arquivo de ${words} não pôde ser anexado)`;
}

// A name other people wrote: no path, no control characters, bounded.
function safeFileName(name: string | null): string | null {
  const base = name?.split(/[\\/]/).pop()?.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 120);
  return base || null;
}

function extensionOf(mimetype: string): string {
  const sub = mimetype.split('/')[1] ?? 'bin';
  return ({ jpeg: 'jpg', 'vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx', msword: 'doc', 'octet-stream': 'bin', quicktime: 'mov' } as Record<string, string>)[sub] ?? sub.replace(/[^a-z0-9]/g, '').slice(0, 8) ?? 'bin';
}
