import { localEmbedding, EMBEDDING_DIMENSIONS, LOCAL_EMBEDDING_MODEL } from '../classify/index.js';
import type { EmbedInputType, Embedder } from './embedder.js';

export { EMBEDDING_DIMENSIONS, LOCAL_EMBEDDING_MODEL, localEmbedding };

/**
 * Deterministic, offline embedder: hashed words, word bigrams and character
 * trigrams after accent folding and abbreviation expansion. Far weaker than
 * Voyage, but similar Portuguese texts land close, which is what the detectors,
 * the tests and a laptop without a key need.
 */
export function createLocalEmbedder(): Embedder {
  return {
    model: LOCAL_EMBEDDING_MODEL,
    dimensions: EMBEDDING_DIMENSIONS,
    // Symmetric: query and document are embedded the same way.
    async embed(texts: string[], _inputType: EmbedInputType) {
      return texts.map((t) => localEmbedding(t));
    },
  };
}
