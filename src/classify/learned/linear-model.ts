import type { Features } from './features.js';

/**
 * A linear head over hashed features: weights[class][hashedIndex]. A binary detector
 * has one class (the logistic of its score is the probability of "yes"); the
 * objection head has one per label and a softmax over them. Pruned weights are absent.
 */
export interface LinearHead {
  readonly classes: readonly string[];
  readonly weights: ReadonlyArray<ReadonlyMap<number, number>>;
}

export function scores(head: LinearHead, f: Features): number[] {
  return head.weights.map((w) => {
    let s = 0;
    for (let i = 0; i < f.index.length; i++) s += (w.get(f.index[i]!) ?? 0) * f.value[i]!;
    return s;
  });
}

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

export function softmax(z: readonly number[]): number[] {
  const max = Math.max(...z);
  const e = z.map((x) => Math.exp(x - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / sum);
}

/** Probability that a binary head's answer is yes. */
export function probability(head: LinearHead, f: Features): number {
  return sigmoid(scores(head, f)[0]!);
}

/** Label probabilities of a multinomial head, in head.classes order. */
export function classProbabilities(head: LinearHead, f: Features): number[] {
  return softmax(scores(head, f));
}

/**
 * The artifact's form of a head: per class, the hashed indices in ascending order written as gaps
 * from the previous one, and the weights in thousandths (integers keep the JSON short).
 */
export interface SerializedHead {
  classes: string[];
  weights: Array<{ gaps: number[]; milli: number[] }>;
}

export function loadHead(s: SerializedHead): LinearHead {
  return {
    classes: s.classes,
    weights: s.weights.map(({ gaps, milli }) => {
      const m = new Map<number, number>();
      let j = 0;
      gaps.forEach((g, i) => {
        j += g;
        m.set(j, milli[i]! / 1000);
      });
      return m;
    }),
  };
}
