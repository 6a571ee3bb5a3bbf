import { canonical, fold } from '../shared/index.js';

/** Words in a row that make a quote; a shorter instruction counts only when quoted whole. */
export const QUOTE_RUN = 6;
const MIN_WORDS = 4;

const words = (text: string) => fold(canonical(text)).split(/[^a-z0-9]+/).filter(Boolean);

/**
 * Whether a reply repeats a supervisor's instruction word for word (case, accents
 * and punctuation ignored). Instructions steer Júlia; the doctor must never read
 * them ("a supervisora mandou oferecer até R$ 1.800"). Paraphrase is the point.
 */
export function quotesInstruction(reply: string, instructions: string[]): boolean {
  const said = ` ${words(reply).join(' ')} `;
  return instructions.some((instruction) => {
    const w = words(instruction);
    if (w.length < MIN_WORDS) return false;
    const run = Math.min(QUOTE_RUN, w.length);
    for (let i = 0; i + run <= w.length; i++) if (said.includes(` ${w.slice(i, i + run).join(' ')} `)) return true;
    return false;
  });
}
