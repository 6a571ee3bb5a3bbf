import { fold, spHuman, spParts } from '../shared/index.js';

/** A shift the conversation offered (conversations.state.offered, see agent_remember_offered). */
export interface OfferedEntry {
  ref: string;
  offeredAt?: string;
  date?: string;
  startsAt?: string;
  endsAt?: string;
  hospital?: string;
  specialty?: string;
}

/** Offers made this long before a message are still "what that message offered" (the model's turn, the humanized delay). */
const OFFER_WINDOW_MS = 30 * 60_000;
/** Clocks of the tool call and of the recorded send may disagree by a little. */
const CLOCK_SLACK_MS = 5_000;

/**
 * Which of the conversation's offered shifts a quoted message of Júlia's was
 * about. The shifts offered in the minutes before it was sent are the
 * candidates; the quoted text (its date, its hospital, a ref) picks among them.
 * Several that fit equally are all returned: the model sees them and asks.
 */
export function matchQuotedOffer(quotedText: string, sentAt: string | null, offered: OfferedEntry[]): OfferedEntry[] {
  const valid = offered.filter((o) => typeof o?.ref === 'string');
  const at = sentAt ? Date.parse(sentAt) : NaN;
  const timed = Number.isFinite(at)
    ? valid.filter((o) => {
        const t = o.offeredAt ? Date.parse(o.offeredAt) : NaN;
        return Number.isFinite(t) && t <= at + CLOCK_SLACK_MS && t >= at - OFFER_WINDOW_MS;
      })
    : [];
  const pool = timed.length > 0 ? timed : valid;
  const text = fold(quotedText);
  const scored = pool.map((o) => ({ o, score: score(o, text) }));
  const best = Math.max(0, ...scored.map((s) => s.score));
  if (best > 0) return scored.filter((s) => s.score === best).map((s) => s.o);
  // Nothing in the text points anywhere: only the offers of that very message count.
  return timed;
}

function score(o: OfferedEntry, text: string): number {
  let s = 0;
  if (new RegExp(`(^|[^a-z0-9])${o.ref.toLowerCase()}([^a-z0-9]|$)`).test(text)) s += 4;
  if (o.date) {
    const [, m, d] = o.date.split('-');
    if (d && m && new RegExp(`(^|[^0-9])0?${Number(d)}/0?${Number(m)}([^0-9]|$)`).test(text)) s += 2;
  }
  if (o.hospital) {
    const words = fold(o.hospital).split(/[^a-z0-9]+/).filter((w) => w.length >= 4 && !GENERIC.has(w));
    if (words.length > 0 && words.every((w) => text.includes(w))) s += 2;
  }
  if (o.startsAt) {
    const p = spParts(new Date(o.startsAt));
    if (Number.isFinite(p.hour) && new RegExp(`(^|[^0-9])0?${p.hour}(h|:${String(p.minute).padStart(2, '0')})`).test(text)) s += 1;
  }
  return s;
}

/** Words every hospital name shares: they prove nothing. */
const GENERIC = new Set(['hospital', 'clinica', 'santa', 'casa', 'sao', 'pronto', 'socorro', 'unidade', 'centro', 'medico', 'municipal', 'regional']);

/** "v3: Hospital São Luiz, sáb 24/05 às 07:00" for the model. */
export function describeOffer(o: OfferedEntry): string {
  const when = o.startsAt && Number.isFinite(Date.parse(o.startsAt)) ? spHuman(new Date(o.startsAt)) : (o.date ?? '');
  return `${o.ref}: ${[o.hospital, when].filter(Boolean).join(', ')}`;
}
