import { fold } from '../shared/index.js';

export interface StopCandidate {
  permissionState?: string;
  permissionChangedAt?: string | null;
  messages: Array<{ direction: 'inbound' | 'outbound'; text: string | null; at?: string }>;
}

/** What the judge said about a request to stop (prompts/revisao-conversa.md). */
export interface StopReading {
  pediu_para_parar: boolean;
  trecho_parada: string;
}

/**
 * - `record`: the doctor asked to stop, is not opted out, and nobody changed his
 *   permission after he asked: the review records the opt-out (recordOptOut).
 * - `flag`: the same, but his permission changed after that message (a manager
 *   opted him back in, say): a person decides, the review records nothing.
 */
export type MissedStop = { action: 'record' | 'flag'; at: string | null };

const norm = (s: string) => fold(s).replace(/\s+/g, ' ').trim();

/**
 * A stop was missed when the judge read one in the conversation, its quote is
 * really one of the doctor's messages (the judge's word alone is not enough to
 * take a doctor off the list), and the doctor is not opted out now.
 */
export function missedStop(c: StopCandidate, reading: StopReading | null): MissedStop | null {
  if (!reading?.pediu_para_parar || c.permissionState === 'opted_out') return null;
  const quote = norm(reading.trecho_parada);
  if (quote.length < 3) return null;
  const said = [...c.messages].reverse().find((m) => m.direction === 'inbound' && m.text && norm(m.text).includes(quote));
  if (!said) return null;
  const at = said.at ?? null;
  const changedAfter = !!c.permissionChangedAt && (!at || new Date(c.permissionChangedAt).getTime() >= new Date(at).getTime());
  return { action: changedAfter ? 'flag' : 'record', at };
}
