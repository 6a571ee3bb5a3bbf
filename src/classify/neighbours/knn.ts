import { EMBEDDING_DIMENSIONS, localFeatures } from '../text/local-features.js';
import type { Exemplar } from './exemplars.js';

export interface KnnVote {
  label: string;
  /** Share of the neighbours' similarity mass behind the label, 0..1. */
  share: number;
  /** Similarity of the closest neighbour with that label. */
  best: number;
}

/**
 * A message's sparse unit vector. The three detectors vote on the same text in
 * one turn (profile sometimes twice), so the last few are kept: hashing the
 * words and trigrams was a quarter of a vote's cost.
 */
const recent = new Map<string, { idx: Int32Array; val: Float32Array }>();
const RECENT_TEXTS = 8;

function sparse(text: string): { idx: Int32Array; val: Float32Array } {
  const cached = recent.get(text);
  if (cached) return cached;
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
  const vector = { idx, val };
  if (recent.size >= RECENT_TEXTS) recent.delete(recent.keys().next().value!);
  recent.set(text, vector);
  return vector;
}

/**
 * Nearest neighbours over labelled exemplars with the local embedder. Exemplars
 * are embedded once into posting lists (per feature, the exemplars that have it
 * and their weight); a message is a sparse vector, so a lookup touches only the
 * exemplars sharing a feature with it instead of a dense exemplars x 1,024
 * matrix (docs/decisions/0185-inbound-load.md: a kNN vote was 2-3 ms of every
 * turn). Similarities are summed in the same order as a dense dot product, so
 * the votes are identical.
 */
export class KnnIndex {
  private readonly labels: string[];
  /** Feature f's postings are rows[start[f] .. start[f + 1]) with weights[...] (CSR by feature). */
  private readonly start: Int32Array;
  private readonly rows: Int32Array;
  private readonly weights: Float32Array;

  constructor(exemplars: Exemplar[]) {
    this.labels = exemplars.map((e) => e.label);
    const vectors = exemplars.map((e) => sparse(e.text));
    const count = new Int32Array(EMBEDDING_DIMENSIONS + 1);
    for (const v of vectors) for (let i = 0; i < v.idx.length; i++) if (v.val[i] !== 0) count[v.idx[i]! + 1]!++;
    for (let f = 0; f < EMBEDDING_DIMENSIONS; f++) count[f + 1]! += count[f]!;
    this.start = count.slice();
    this.rows = new Int32Array(count[EMBEDDING_DIMENSIONS]!);
    this.weights = new Float32Array(count[EMBEDDING_DIMENSIONS]!);
    const fill = count.slice();
    // Rows ascending within each feature.
    vectors.forEach((v, row) => {
      for (let i = 0; i < v.idx.length; i++) {
        if (v.val[i] === 0) continue;
        const at = fill[v.idx[i]!]!++;
        this.rows[at] = row;
        this.weights[at] = v.val[i]!;
      }
    });
  }

  get size(): number {
    return this.labels.length;
  }

  /** Labels ranked by weighted vote of the k nearest exemplars. */
  vote(text: string, k = 7): KnnVote[] {
    const { idx, val } = sparse(text);
    const n = this.labels.length;
    // Per exemplar, the message's features in the same order a dense dot product would add them.
    const dots = new Float64Array(n);
    for (let i = 0; i < idx.length; i++) {
      const f = idx[i]!;
      const v = val[i]!;
      for (let p = this.start[f]!, end = this.start[f + 1]!; p < end; p++) dots[this.rows[p]!]! += this.weights[p]! * v;
    }
    const sims = Float32Array.from(dots);
    // The k best, most similar first, ties in exemplar order (what a stable sort then slice gives).
    const order: number[] = [];
    for (let row = 0; row < n; row++) {
      const s = sims[row]!;
      if (order.length === k && s <= sims[order[k - 1]!]!) continue;
      let at = order.length;
      while (at > 0 && sims[order[at - 1]!]! < s) at--;
      order.splice(at, 0, row);
      if (order.length > k) order.pop();
    }
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
