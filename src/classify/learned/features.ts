import { detectorInput, normalize } from '../text/normal-form.js';

/**
 * Features of one message for the learned detector layer.
 *
 * The rules read wording they have met; this layer reads the words they share with
 * labelled lines, so its inputs are deliberately plain and spelling-tolerant:
 * normalised word unigrams and bigrams, character 3–5-grams inside each word (typos,
 * "mandarem"/"mande" share "mand"), words under a negation ("nao para de mandar" is
 * not "para de mandar"), and markers for questions, reported speech and conditionals,
 * which are exactly where the rules made false opt-outs on sets 3–5.
 * Names are hashed into a fixed space so the artifact holds numbers, not a vocabulary.
 */
export const HASH_BITS = 18;
const HASH_MASK = (1 << HASH_BITS) - 1;

/** FNV-1a, 32 bit: deterministic on every platform, cheap on short strings. */
export function hashFeature(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & HASH_MASK;
}

const NEGATION = new Set(['nao', 'nem', 'nunca', 'jamais', 'ninguem', 'nada']);
const REPORTED = /\b(disse|falou|falei|pediu|mandou|contou|diz|dizem|falaram|segundo)\b/;
const CONDITIONAL = /\b(se|caso|quando|quiser|se um dia)\b/;
const SECOND_PERSON = /\b(voce|voces|vcs|ce|tu)\b/;

/** Sparse feature vector: parallel arrays of hashed indices and values (duplicates summed by the model). */
export interface Features {
  readonly index: Int32Array;
  readonly value: Float32Array;
}

/**
 * Extra named signals the caller already has (a rule's verdict); each gets weight 1,
 * unscaled, so one rule flag is not drowned by a long message's n-grams.
 */
export function extractFeatures(raw: string, signals: readonly string[] = []): Features {
  const text = detectorInput(raw);
  const normalized = normalize(text);
  const tokens = normalized.length > 0 ? normalized.split(' ') : [];
  const names: string[] = [];
  let negatedFor = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    names.push(`w:${t}`);
    if (negatedFor > 0) names.push(`n:${t}`);
    negatedFor = NEGATION.has(t) ? 3 : Math.max(0, negatedFor - 1);
    if (i + 1 < tokens.length) names.push(`b:${t} ${tokens[i + 1]}`);
    const padded = `<${t}>`;
    for (let n = 3; n <= 5; n++) for (let j = 0; j + n <= padded.length; j++) names.push(`c:${padded.slice(j, j + n)}`);
  }
  if (tokens.length > 0) {
    names.push(`first:${tokens[0]}`, `last:${tokens[tokens.length - 1]}`);
  }
  if (text.includes('?')) names.push('m:question');
  if (text.includes('!')) names.push('m:exclaim');
  if (/["“”«»]/.test(text)) names.push('m:quote');
  if (REPORTED.test(normalized)) names.push('m:reported');
  if (CONDITIONAL.test(normalized)) names.push('m:conditional');
  if (SECOND_PERSON.test(normalized)) names.push('m:you');
  if (tokens.some((t) => NEGATION.has(t))) names.push('m:negation');
  names.push(`m:len${tokens.length <= 2 ? 0 : tokens.length <= 6 ? 1 : tokens.length <= 15 ? 2 : 3}`);
  const letters = text.replace(/[^A-Za-z]/g, '');
  if (letters.length >= 6 && letters.replace(/[^A-Z]/g, '').length / letters.length > 0.6) names.push('m:shout');

  // Text features share a unit norm; the bias and the caller's signals sit outside it.
  const scale = names.length > 0 ? 1 / Math.sqrt(names.length) : 0;
  const index = new Int32Array(names.length + signals.length + 1);
  const value = new Float32Array(names.length + signals.length + 1);
  names.forEach((name, i) => {
    index[i] = hashFeature(name);
    value[i] = scale;
  });
  signals.forEach((s, i) => {
    index[names.length + i] = hashFeature(`s:${s}`);
    value[names.length + i] = 1;
  });
  index[index.length - 1] = hashFeature('bias');
  value[value.length - 1] = 1;
  return { index, value };
}
