import { canonical } from '../shared/detector-normalize.js';

/**
 * h14-detectors9: the statements a message is made of, for the learned veto. Set 8's blind run
 * showed the opt-out head vetoing clear stops ("Me tira dessa lista agora") because of words in
 * ANOTHER sentence: a complaint about Sunday messages, a thank-you, a reason ("já tenho escala
 * fixa"). Words like "domingo", "escala" or "plantão" weigh against a stop in the training data
 * because near-miss refusals are built from them, and a linear model cannot tell which sentence
 * they sit in. So a rule hit may also be judged on the statement that carries it alone.
 *
 * Pieces: sentences (split at . ! ; and line breaks), and the part after an adversative
 * ", mas"/", porém" (what follows "mas" is the speaker's stance; what precedes it is conceded).
 * Questions are left out: "como faço pra sair da lista?" depends on what surrounds it. A
 * one-piece message has nothing to separate, so it yields nothing.
 */
export function statedPieces(raw: string): string[] {
  const text = canonical(raw);
  const sentences = text.match(/[^.?!;\n]+[.?!;\n]*/g) ?? [];
  const pieces: string[] = [];
  for (const s of sentences) {
    if (s.includes('?')) continue;
    const parts = s.split(/,\s*(?:mas|porem|porém|contudo|entretanto)\s+/i);
    const last = parts[parts.length - 1]!.trim();
    if (last.length > 0) pieces.push(last);
  }
  const all = sentences.length + sentences.reduce((n, s) => n + (s.split(/,\s*(?:mas|porem|porém|contudo|entretanto)\s+/i).length - 1), 0);
  return all > 1 ? pieces : [];
}
