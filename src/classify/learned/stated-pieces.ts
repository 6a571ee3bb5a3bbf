import { canonical, keepTitles } from '../text/normal-form.js';

/**
 * the statements a message is made of, for the learned veto. Set 8's blind run
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
export function statedPieces(raw: string, opts: { commas?: boolean } = {}): string[] {
  const text = keepTitles(canonical(raw));
  const sentences = text.match(/[^.?!;\n]+[.?!;\n]*/g) ?? [];
  const pieces: string[] = [];
  let all = 0;
  for (const s of sentences) {
    const parts = s.split(/,\s*(?:mas|porem|porém|contudo|entretanto)\s+/i);
    // With `commas`, every comma clause of a statement is a piece ("apaga meu contato aí, já trabalho com…").
    const clauses = opts.commas ? parts[parts.length - 1]!.split(/,\s*/) : [parts[parts.length - 1]!];
    all += parts.length - 1 + clauses.length;
    if (s.includes('?')) continue;
    for (const c of clauses) if (c.trim().length > 0) pieces.push(c.trim());
  }
  return all > 1 ? pieces : [];
}
