/**
 * Trainer for the learned detector layer (src/learned-detectors): logistic
 * regression (one class) or multinomial softmax regression over hashed sparse
 * features, L2-regularised, fitted by AdaGrad SGD in a seeded order so the same data
 * always gives the same weights. Training happens only here (bench scripts); the
 * runtime only reads the pruned artifact.
 */
import { HASH_BITS, hashFeature, type Features } from '../learned/features.js';
import type { LinearHead, SerializedHead } from '../learned/linear-model.js';

export interface TrainOptions {
  /** L2 strength per example. */
  l2: number;
  epochs: number;
  rate: number;
  seed?: number;
  /** Binary heads: weight of a positive example (imbalance). */
  positiveWeight?: number;
  /** A feature seen in fewer training lines than this gets no weight (it could only memorise a line). */
  minCount?: number;
  /** Keep only this many weights per class, largest magnitude first (the bias always stays). */
  keep?: number;
}

export interface Example {
  features: Features;
  /** Binary: 0 or 1. Multinomial: index into classes. */
  target: number;
}

function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Fits a head; classes.length 1 = binary (target 0/1), otherwise softmax over classes. */
export function trainHead(classes: string[], examples: Example[], o: TrainOptions): LinearHead & { dense: Float64Array[] } {
  const dim = 1 << HASH_BITS;
  const k = classes.length;
  const w = Array.from({ length: k }, () => new Float64Array(dim));
  const g2 = Array.from({ length: k }, () => new Float64Array(dim).fill(1e-6));
  // Document frequency: rare hashed features are left out of the model entirely.
  const count = new Uint16Array(dim);
  for (const { features: f } of examples) for (const j of new Set(f.index)) count[j] = Math.min(65535, count[j]! + 1);
  const minCount = o.minCount ?? 1;
  const order = examples.map((_, i) => i);
  const rand = lcg(o.seed ?? 7);
  const z = new Float64Array(k);
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const idx of order) {
      const { features: f, target } = examples[idx]!;
      for (let c = 0; c < k; c++) {
        let s = 0;
        for (let i = 0; i < f.index.length; i++) if (count[f.index[i]!]! >= minCount) s += w[c]![f.index[i]!]! * f.value[i]!;
        z[c] = s;
      }
      // d loss / d score per class.
      const err = new Float64Array(k);
      let weight = 1;
      if (k === 1) {
        const p = 1 / (1 + Math.exp(-z[0]!));
        err[0] = p - target;
        if (target === 1) weight = o.positiveWeight ?? 1;
      } else {
        let max = -Infinity;
        for (let c = 0; c < k; c++) max = Math.max(max, z[c]!);
        let sum = 0;
        for (let c = 0; c < k; c++) sum += Math.exp(z[c]! - max);
        for (let c = 0; c < k; c++) err[c] = Math.exp(z[c]! - max) / sum - (c === target ? 1 : 0);
      }
      for (let c = 0; c < k; c++) {
        const wc = w[c]!, gc = g2[c]!;
        for (let i = 0; i < f.index.length; i++) {
          const j = f.index[i]!;
          if (count[j]! < minCount) continue;
          const grad = weight * err[c]! * f.value[i]! + o.l2 * wc[j]!;
          gc[j] = gc[j]! + grad * grad;
          wc[j] = wc[j]! - (o.rate * grad) / Math.sqrt(gc[j]!);
        }
      }
    }
  }
  const bias = hashFeature('bias');
  const weights = w.map((wc) => {
    let kept: Array<[number, number]> = [];
    wc.forEach((x, j) => {
      if (x !== 0) kept.push([j, x]);
    });
    if (o.keep !== undefined && kept.length > o.keep) {
      const b = kept.find(([j]) => j === bias);
      kept = kept.sort((a, c) => Math.abs(c[1]) - Math.abs(a[1]) || a[0] - c[0]).slice(0, o.keep);
      if (b && !kept.some(([j]) => j === bias)) kept.push(b);
    }
    // Rounded as the artifact stores them, so cross-validation scores the weights the runtime reads.
    return new Map(kept.map(([j, x]) => [j, Math.round(x * 1000) / 1000] as [number, number]));
  });
  return { classes, weights, dense: w };
}

/** The artifact's compact form: per class, indices as gaps from the previous one, weights in thousandths. */
export function serializeHead(head: LinearHead): SerializedHead {
  return {
    classes: [...head.classes],
    weights: head.weights.map((m) => {
      const pairs = [...m.entries()].sort((a, b) => a[0] - b[0]);
      return { gaps: pairs.map(([j], i) => j - (i === 0 ? 0 : pairs[i - 1]![0])), milli: pairs.map(([, x]) => Math.round(x * 1000)) };
    }),
  };
}
