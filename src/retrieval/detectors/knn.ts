import { EMBEDDING_DIMENSIONS, localFeatures } from '../local-embedder.js';
import type { Exemplar } from './exemplars.js';

export interface KnnVote {
  label: string;
  /** Share of the neighbours' similarity mass behind the label, 0..1. */
  share: number;
  /** Similarity of the closest neighbour with that label. */
  best: number;
}

function sparse(text: string): { idx: Int32Array; val: Float32Array } {
  const features = localFeatures(text, EMBEDDING_DIMENSIONS);
  let norm = 0;
  for (const w of features.values()) norm += w * w;
  norm = Math.sqrt(norm) || 1;
  const idx = new Int32Array(features.size);
  const val = new Float32Array(features.size);
  let i = 0;
  for (const [k, w] of features) {
    idx[i] = k;
    val[i++] = w / norm;
  }
  return { idx, val };
}

/**
 * Nearest neighbours over labelled exemplars with the local embedder. Exemplars
 * are embedded once into one dense matrix; a message is a sparse vector, so a
 * lookup costs (non-zero features x exemplars) multiplications: well under a
 * millisecond for a few hundred exemplars.
 */
export class KnnIndex {
  private readonly matrix: Float32Array;
  private readonly labels: string[];

  constructor(exemplars: Exemplar[]) {
    this.labels = exemplars.map((e) => e.label);
    this.matrix = new Float32Array(exemplars.length * EMBEDDING_DIMENSIONS);
    exemplars.forEach((e, row) => {
      const { idx, val } = sparse(e.text);
      for (let i = 0; i < idx.length; i++) this.matrix[row * EMBEDDING_DIMENSIONS + idx[i]!] = val[i]!;
    });
  }

  get size(): number {
    return this.labels.length;
  }

  /** Labels ranked by weighted vote of the k nearest exemplars. */
  vote(text: string, k = 7): KnnVote[] {
    const { idx, val } = sparse(text);
    const n = this.labels.length;
    const sims = new Float32Array(n);
    for (let row = 0; row < n; row++) {
      const base = row * EMBEDDING_DIMENSIONS;
      let dot = 0;
      for (let i = 0; i < idx.length; i++) dot += this.matrix[base + idx[i]!]! * val[i]!;
      sims[row] = dot;
    }
    const order = Array.from({ length: n }, (_, i) => i)
      .sort((a, b) => sims[b]! - sims[a]!)
      .slice(0, k);
    const votes = new Map<string, KnnVote>();
    let total = 0;
    for (const row of order) {
      // Squared similarity: a close neighbour outweighs several distant ones.
      const s = Math.max(0, sims[row]!);
      const weight = s * s;
      total += weight;
      const label = this.labels[row]!;
      const v = votes.get(label) ?? { label, share: 0, best: 0 };
      v.share += weight;
      v.best = Math.max(v.best, s);
      votes.set(label, v);
    }
    return [...votes.values()]
      .map((v) => ({ ...v, share: total > 0 ? v.share / total : 0 }))
      .sort((a, b) => b.share - a.share);
  }
}
