import type { Job } from 'bullmq';
import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import type { ChatwootAttachment, ChatwootClient } from '../src/integrations/chatwoot/index.js';
import { applyChatwootControl, mediaLabel, mediaMissingNote, MediaTooLarge, MIRRORED_MEDIA_KINDS, type ChatwootConventions } from '../src/handoff/index.js';
import type { JobQueue, Logger } from '../src/shared/index.js';
import { voiceFileName } from '../src/voice/index.js';
import { defineJob } from './job-definition.js';

/**
 * Mirrors a conversation into Chatwoot: every interaction not mirrored yet, in
 * order, each recorded once. Serialized per conversation (debounce key), so one
 * Chatwoot conversation is opened per doctor conversation. A retry after a crash
 * between "posted" and "recorded" checks Chatwoot for our source id first.
 */
export const chatwootSyncJob = defineJob({ queue: 'supervision', payload: z.object({ conversationId: z.uuid() }), attempts: 8, backoffMs: 2_000 });

export function scheduleChatwootSync(queue: JobQueue, conversationId: string) {
  return queue.enqueue('chatwoot-sync', { conversationId }, { debounce: { key: `cw-${conversationId}`, ttlMs: 300 } });
}

interface Pending {
  chatwootConversationId: number | null;
  doctorId: string;
  controlledBy: 'julia' | 'human';
  doctor: { phone: string | null; lid: string | null; name: string | null };
  interactions: Array<{ id: string; direction: 'inbound' | 'outbound'; kind: string; text: string | null; by: string | null }>;
}

/** A voice note's audio for the supervisor's view (voice/); absent: voice notes are mirrored as text. */
type VoiceAudioLoader = (interactionId: string) => Promise<{ data: Buffer; mimetype: string | null } | null>;

interface VoiceNotes {
  audio: VoiceAudioLoader;
  /** Its transcript is still being made: mirrored once it is in, not before. */
  awaitingWords(interactionId: string): Promise<boolean>;
}

/** A doctor's image, video, document or sticker for the supervisor's view (handoff/mirror-media); absent: mirrored as text. */
type MediaLoader = (interactionId: string) => Promise<ChatwootAttachment | null>;

export interface ChatwootSyncDeps {
  db: Db;
  chatwoot: ChatwootClient;
  voice?: VoiceNotes;
  media?: MediaLoader;
  /** Status, assignment, label and contact profile follow control (handoff/chatwoot-control); absent: messages only. */
  conventions?: ChatwootConventions;
  definitions?: () => Promise<void>;
  logger?: Logger;
}

export function chatwootSyncHandler(deps: ChatwootSyncDeps) {
  return async ({ conversationId }: { conversationId: string }, job: Job) => {
    const p = await deps.db.rpc<Pending | null>('chatwoot_pending', { p_conversation_id: conversationId });
    if (!p) return { status: 'missing' };
    let cw = p.chatwootConversationId;
    if (!cw) {
      const opened = await deps.chatwoot.openConversation(p.doctor, { status: 'pending' });
      cw = (await deps.db.rpc<{ chatwootConversationId: number }>('chatwoot_link', { p_conversation_id: conversationId, p_chatwoot_conversation_id: opened.conversationId })).chatwootConversationId;
      if (cw === opened.conversationId) {
        await deps.db.rpc('chatwoot_contact_link', { p_doctor_id: p.doctorId, p_contact_id: opened.contactId, p_profile_hash: null });
        await deps.db.rpc('chatwoot_control_applied', { p_conversation_id: conversationId, p_control: 'julia', p_handoff: null, p_status: 'pending' });
      }
    }
    const present = job.attemptsMade > 0 ? await deps.chatwoot.sourceIds(cw) : new Set<string>();
    let mirrored = 0;
    let inbound = false;
    for (const i of p.interactions) {
      // A voice note still being transcribed, and what came after it, wait: the turn that runs
      // once its words are in mirrors them again, in order, with the words.
      if (i.direction === 'inbound' && i.kind === 'audio' && deps.voice && (await deps.voice.awaitingWords(i.id))) break;
      const sourceId = `julia-${i.id}`;
      const messageId = present.has(sourceId)
        ? 0
        : await deps.chatwoot.postMessage(cw, {
            content: i.text?.trim() || `[${i.kind}]`,
            type: i.direction === 'inbound' ? 'incoming' : 'outgoing',
            sourceId,
            ...(i.direction === 'inbound' && i.kind === 'audio' ? await voiceNote(deps, i) : {}),
            ...(i.direction === 'inbound' && MIRRORED_MEDIA_KINDS.has(i.kind) ? await mediaFile(deps, i) : {}),
          });
      await deps.db.rpc('chatwoot_mark_mirrored', { p_interaction_id: i.id, p_conversation_id: conversationId, p_chatwoot_message_id: messageId });
      mirrored++;
      inbound ||= i.direction === 'inbound';
    }
    if (deps.conventions) {
      await applyChatwootControl({ db: deps.db, chatwoot: deps.chatwoot, conventions: deps.conventions, logger: deps.logger, ...(deps.definitions && { definitions: deps.definitions }) }, conversationId, cw, { mirroredInbound: inbound });
    } else if (p.controlledBy === 'human') {
      await deps.chatwoot.updateLabels(cw, { add: ['atendimento-humano'] });
    }
    return { mirrored, chatwootConversationId: cw };
  };
}

/**
 * A voice note reaches the supervisor as its words (Evolution's or our
 * provider's transcript) with the audio itself attached. Audio that cannot be
 * fetched any more does not hold the mirror back: the words go alone, saying so.
 */
async function voiceNote(deps: { voice?: VoiceNotes; logger?: Logger }, i: Pending['interactions'][number]) {
  const words = i.text?.trim();
  const label = words ? `[áudio transcrito] ${words}` : '[áudio sem transcrição]';
  let audio: Awaited<ReturnType<VoiceAudioLoader>> = null;
  try {
    audio = deps.voice ? await deps.voice.audio(i.id) : null;
  } catch (err) {
    deps.logger?.warn({ err: (err as Error).message, interactionId: i.id }, 'voice note audio unavailable for Chatwoot');
  }
  if (!audio) return { content: deps.voice ? `${label} (o áudio não pôde ser anexado)` : label };
  const mimetype = (audio.mimetype ?? 'audio/ogg').split(';')[0]!.trim() || 'audio/ogg';
  return { content: label, attachments: [{ data: audio.data, mimetype, fileName: voiceFileName(mimetype, `audio-${i.id.slice(0, 8)}`) }] };
}

/**
 * An image, video, document or sticker reaches the supervisor as the file itself
 * with its caption (or its kind in words). A file too large, or one Evolution no
 * longer has, does not hold the mirror back: the text goes alone, saying so.
 */
async function mediaFile(deps: { media?: MediaLoader; logger?: Logger }, i: Pending['interactions'][number]) {
  const label = mediaLabel(i.kind, i.text);
  if (!deps.media) return { content: label };
  let file: ChatwootAttachment | null = null;
  let why: 'too_large' | 'unavailable' = 'unavailable';
  try {
    file = await deps.media(i.id);
  } catch (err) {
    if (err instanceof MediaTooLarge) why = 'too_large';
    deps.logger?.warn({ err: (err as Error).message, interactionId: i.id }, 'media unavailable for Chatwoot');
  }
  return file ? { content: label, attachments: [file] } : { content: `${label} ${mediaMissingNote(i.kind, why)}` };
}
