import { normalizeWords } from './normal-form.js';
import { fnv1a } from '../../shared/fnv1a.js';

export const LOCAL_EMBEDDING_MODEL = 'local-hash-v1';
export const EMBEDDING_DIMENSIONS = 1024;

// Function words carry no topic; left in, they would make every short message
// look like every other. Negations are kept on purpose: "nao" decides objections.
const STOPWORDS = new Set(
  ('a o e as os de da do das dos um uma uns umas em no na nos nas para por pelo pela ' +
    'com que se ao aos isso isto esse essa este esta aqui ai la me te lhe eu voce ele ela ' +
    'nos eles elas meu minha seu sua mais mas ou ja foi ser sou era como entao bom boa oi ola').split(' '),
);

// Kept but light: so common in doctors' messages that at full weight any two
// refusals ("nao quero esse", "nao quero mais contato") would look alike.
const LIGHT = new Set('nao quero tenho vou pode esta estou ter fazer sim muito tem ok'.split(' '));

/** Sparse features: bucket index and signed weight, before normalisation. */
export function localFeatures(text: string, dimensions = EMBEDDING_DIMENSIONS): Map<number, number> {
  const features = new Map<number, number>();
  const add = (feature: string, weight: number) => {
    const h = fnv1a(feature);
    const bucket = h % dimensions;
    // A sign bit from another hash keeps collisions from only ever adding up.
    const sign = (h >>> 16) & 1 ? 1 : -1;
    features.set(bucket, (features.get(bucket) ?? 0) + sign * weight);
  };
  const words = normalizeWords(text).filter((w) => !STOPWORDS.has(w));
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const weight = LIGHT.has(word) ? 0.35 : 1;
    add(`w:${word}`, weight);
    // Trigrams make "plantoes" close to "plantao" and survive typos.
    const padded = `#${word}#`;
    for (let j = 0; j + 3 <= padded.length; j++) add(`t:${padded.slice(j, j + 3)}`, 0.3 * weight);
    if (i > 0) add(`b:${words[i - 1]} ${word}`, 0.6);
  }
  return features;
}

/** L2-normalised dense vector of `localFeatures`; empty text gets a fixed unit vector. */
export function localEmbedding(text: string, dimensions = EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  const features = localFeatures(text, dimensions);
  let norm = 0;
  for (const w of features.values()) norm += w * w;
  if (norm === 0) {
    vector[fnv1a('empty') % dimensions] = 1;
    return vector;
  }
  norm = Math.sqrt(norm);
  for (const [i, w] of features) vector[i] = w / norm;
  return vector;
}
