import { CONTINUE, type Processor } from '../processor.js';
import { loaded, type PendingMessage } from '../turn-context.js';

/**
 * The doctor's pending messages as one text, in send order. Non-text messages
 * get a short description so nothing reaches the model with empty text.
 */
export const parseMessage: Processor = {
  name: 'parse_message',
  stage: 'pre',
  priority: 10,
  async run(ctx) {
    const l = loaded(ctx);
    ctx.text = l.pending.map(describe).filter(Boolean).join('\n');
    return CONTINUE;
  },
};

export function describe(m: PendingMessage): string {
  const text = (m.text ?? '').trim();
  switch (m.kind) {
    case 'text':
      return text;
    case 'edit':
      return text ? `(corrigiu a mensagem anterior) ${text}` : '';
    case 'image':
      return text ? `[enviou uma foto] ${text}` : '[enviou uma foto sem legenda]';
    case 'video':
      return text ? `[enviou um vídeo] ${text}` : '[enviou um vídeo sem legenda]';
    case 'document':
      return `[enviou o documento ${m.media?.fileName ?? ''}]${text ? ` ${text}` : ''}`.replace(' ]', ']');
    case 'audio':
      // A transcribed voice note is read like typed text; the marker tells the model it was spoken.
      return text ? `[áudio de ${m.media?.seconds ?? '?'}s, transcrito] ${text}` : `[enviou um áudio de ${m.media?.seconds ?? '?'}s]`;
    case 'sticker':
      return '[mandou uma figurinha]';
    case 'location':
      return `[compartilhou a localização${text ? `: ${text}` : ''}]`;
    case 'contact':
      return `[compartilhou o contato de ${text || 'alguém'}]`;
    case 'reaction':
    case 'delete':
      return '';
    default:
      return '[mandou um tipo de mensagem que não dá pra ver aqui]';
  }
}
