import { CONTINUE, type Processor } from '../processor.js';
import { describeOffer, matchQuotedOffer, type OfferedEntry } from '../quoted-offer.js';
import { loaded, type PendingMessage } from '../turn-context.js';

/**
 * The doctor's pending messages as one text, in send order. Non-text messages
 * get a short description so nothing reaches the model with empty text. A
 * message that quotes another shows the quote first; when the quote is one of
 * Júlia's offers, the shift it offered (its ref), so "quero esse" names it.
 */
export const parseMessage: Processor = {
  name: 'parse_message',
  stage: 'pre',
  priority: 10,
  async run(ctx) {
    const l = loaded(ctx);
    const offers = await quotedOffers(ctx.deps.db, ctx.conversationId, l.pending, offeredOf(l.conversation.state));
    ctx.text = l.pending.map((m) => describe(m, offers.get(m.id))).filter(Boolean).join('\n');
    return CONTINUE;
  },
};

interface Quote {
  id: string | null;
  kind?: string;
  text: string;
  fromUs: boolean | null;
}

interface Choice {
  type: string;
  id: string | null;
  title: string;
}

const quoteOf = (m: PendingMessage): Quote | null => {
  const q = m.meta?.extra?.['quoted'] as Quote | undefined;
  return q && typeof q === 'object' && typeof q.text === 'string' ? q : null;
};

function offeredOf(state: Record<string, unknown> | null | undefined): OfferedEntry[] {
  const o = state?.['offered'];
  return Array.isArray(o) ? (o as OfferedEntry[]) : [];
}

/** Quotes of our own messages, matched to the shifts they offered. One query, only when something quotes us. */
async function quotedOffers(
  db: { rpc<T>(name: string, args: Record<string, unknown>): Promise<T> },
  conversationId: string,
  pending: PendingMessage[],
  offered: OfferedEntry[],
): Promise<Map<string, OfferedEntry[]>> {
  const out = new Map<string, OfferedEntry[]>();
  const quoting = pending.filter((m) => {
    const q = quoteOf(m);
    return q?.id && q.fromUs !== false;
  });
  if (quoting.length === 0 || offered.length === 0) return out;
  const ids = [...new Set(quoting.map((m) => quoteOf(m)!.id!))];
  const sent = await db.rpc<Array<{ providerMessageId: string; at: string; text: string | null }>>('inbound_quoted_lookup', {
    p_conversation_id: conversationId,
    p_provider_ids: ids,
  });
  for (const m of quoting) {
    const q = quoteOf(m)!;
    const ours = sent.find((s) => s.providerMessageId === q.id);
    // A quote of a message we have no record of sending is not ours, whatever it says.
    if (!ours) continue;
    const match = matchQuotedOffer(ours.text ?? q.text, ours.at, offered);
    if (match.length > 0) out.set(m.id, match);
  }
  return out;
}

const QUOTE_SHOWN = 300;

function withQuote(m: PendingMessage, own: string, offers: OfferedEntry[] | undefined): string {
  const q = quoteOf(m);
  if (!q) return own;
  const text = q.text.length > QUOTE_SHOWN ? `${q.text.slice(0, QUOTE_SHOWN)}…` : q.text;
  const whose = q.fromUs === true || offers ? ' da Júlia' : '';
  const shown = text ? `: "${text.replace(/\s+/g, ' ')}"` : '';
  const shift = offers?.length
    ? offers.length === 1
      ? ` (a vaga dessa mensagem é ${describeOffer(offers[0]!)})`
      : ` (essa mensagem ofereceu mais de uma vaga: ${offers.map(describeOffer).join('; ')})`
    : '';
  return `[respondendo à mensagem${whose}${shown}${shift}]\n${own}`;
}

export function describe(m: PendingMessage, offers?: OfferedEntry[]): string {
  const own = describeOwn(m);
  return own || quoteOf(m) ? withQuote(m, own, offers) : own;
}

function describeOwn(m: PendingMessage): string {
  const text = (m.text ?? '').trim();
  switch (m.kind) {
    case 'text': {
      const choice = m.meta?.extra?.['choice'] as Choice | undefined;
      // The option he tapped: its title is his answer, its id is ours (it may name the shift).
      if (choice && typeof choice === 'object') return choice.id && choice.id !== text ? `${text} [opção escolhida; id: ${choice.id}]` : `${text} [opção escolhida]`;
      return text;
    }
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
    case 'poll': {
      const options = m.meta?.extra?.['options'];
      const list = Array.isArray(options) && options.length ? ` (opções: ${options.join(' / ')})` : '';
      return `[criou uma enquete${text ? `: "${text}"` : ''}${list}]`;
    }
    case 'reaction':
    case 'delete':
    case 'poll_vote':
    case 'protocol':
      return '';
    default:
      return '[mandou um tipo de mensagem que não dá pra ver aqui]';
  }
}
