/**
 * Embeddings port. Voyage (voyage-4 family, 1024 dims) in production; a local
 * deterministic embedder of the same dimension offline. Vectors from different
 * models are never compared: every stored vector carries its `model`.
 */
export type EmbedInputType = 'document' | 'query';

export interface Embedder {
  readonly model: string;
  readonly dimensions: number;
  embed(texts: string[], inputType: EmbedInputType): Promise<number[][]>;
}
