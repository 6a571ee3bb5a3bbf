import { CONTINUE, stop, type Processor } from '../processor.js';
import { loaded, pick, type TurnContext } from '../turn-context.js';

/** Claude accepts these; a photo is seldom more than a few hundred KB, larger ones are skipped. */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const MAX_IMAGES = 3;
/** Claude's per-image limit is 5 MB of base64, i.e. 3.75 MB of file. */
const MAX_BASE64_CHARS = 5_000_000;
export const MAX_IMAGE_BYTES = (MAX_BASE64_CHARS / 4) * 3;

/** The size WhatsApp declared for the file (fileLength), if it did. */
function declaredBytes(m: { meta: { extra?: Record<string, unknown> } | null }): number | null {
  const v = m.meta?.extra?.fileLength;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Photos go to the model as images; a photo we cannot fetch stays a description. */
async function fetchImages(ctx: TurnContext): Promise<TurnContext['images']> {
  const getImage = ctx.deps.fetchImage;
  if (!getImage) return [];
  const photos = loaded(ctx).pending.filter((m) => m.kind === 'image' && m.instance && m.providerMessageId && m.meta?.chatJid).slice(-MAX_IMAGES);
  const out: TurnContext['images'] = [];
  for (const m of photos) {
    // Checked before fetching: a photo too big for the model is never downloaded (the
    // client caps what it reads as well, for a size that was not declared or lied).
    const bytes = declaredBytes(m);
    if (bytes !== null && bytes > MAX_IMAGE_BYTES) {
      ctx.deps.logger.info({ bytes }, 'photo over the size the model takes; the model gets its description');
      continue;
    }
    try {
      const img = await getImage(m.instance!, m.meta!.chatJid!, m.providerMessageId!);
      const type = img?.mediaType.split(';')[0]!.trim() ?? '';
      if (img && IMAGE_TYPES.has(type) && img.data.length <= MAX_BASE64_CHARS) out.push({ mediaType: type, data: img.data });
    } catch (err) {
      ctx.deps.logger.warn({ err: (err as Error).message }, 'could not fetch a photo; the model gets its description');
    }
  }
  return out;
}

/**
 * Media a person cannot "read" here. A voice note alone with no transcript gets
 * a natural request to type; a sticker or reaction alone needs no answer; images go on to the
 * model as images; documents, videos, places and contacts as descriptions.
 */
export const media: Processor = {
  name: 'media',
  stage: 'pre',
  priority: 40,
  async run(ctx) {
    const l = loaded(ctx);
    const kinds = new Set(l.pending.map((m) => m.kind));
    const hasWords = l.pending.some((m) => (m.text ?? '').trim().length > 0 && !['sticker', 'reaction', 'delete'].includes(m.kind));
    const emit = (type: string) =>
      ctx.deps.db.rpc('business_event_emit', {
        p_event_type: type, p_doctor_id: l.doctor.id, p_conversation_id: ctx.conversationId,
        p_interaction_id: l.pending[l.pending.length - 1]!.id, p_props: { kinds: [...kinds] },
        p_dedupe_key: `${type}-${l.pending[l.pending.length - 1]!.id}`,
      });
    // A voice note with a transcript (Evolution's or our provider's) has words and goes
    // on like typed text; only one with none (no transcription, or it failed) asks to type.
    if (kinds.has('audio') && !hasWords) {
      await emit('audio_text_requested');
      return stop('audio_only', pick(ctx.deps.replies.audioRequest, l.pending[0]!.id));
    }
    if (!hasWords && [...kinds].every((k) => ['sticker', 'reaction', 'delete'].includes(k))) {
      await emit('media_no_reply');
      return stop('nothing_to_answer');
    }
    ctx.images = await fetchImages(ctx);
    return CONTINUE;
  },
};
