/**
 * Generalization check for the objection detector: k-fold cross-validation over
 * the exemplars plus the first labelled set, with each held-out message's
 * neighbourhood held out too (any training line whose local-embedder cosine to a
 * test line is at or above --neighbourhood, default 0.7, leaves the training
 * side), so a paraphrase of the test line cannot answer for it. Run:
 *   node --import tsx bench/detectors-cv.ts [--sweep] [--folds 5] [--neighbourhood 0.7]
 * Prints JSON: accuracy on objection-labelled messages, the share of "no
 * objection" messages left without one, and (with --sweep) the grid of
 * neighbour thresholds ranked by labelled accuracy with a floor on the second.
 * Never point it at a held-out set: it reads only the files named below.
 */
import { readFileSync } from 'node:fs';
import { EMBEDDING_DIMENSIONS, EXEMPLARS_DIR, OBJECTION_LABELS, createObjectionDetector, loadExemplars, localEmbedding, type Exemplar } from '../src/retrieval/index.js';

const args = process.argv.slice(2);
const opt = (name: string, def: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const FOLDS = opt('folds', 5);
const NEIGHBOURHOOD = opt('neighbourhood', 0.7);
const SET_1 = 'tests/fixtures/classification/eval.jsonl';

interface Item extends Exemplar {
  source: 'exemplar' | 'set-1';
}

const exemplars = loadExemplars(EXEMPLARS_DIR, 'objection', [...OBJECTION_LABELS, 'none']).exemplars;
const set1 = readFileSync(SET_1, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as { text: string; objection: string | null });
const pool: Item[] = [
  ...exemplars.map((e) => ({ ...e, source: 'exemplar' as const })),
  ...set1.map((r) => ({ text: r.text, label: r.objection ?? 'none', source: 'set-1' as const })),
];

// Unit vectors once; cosine is a dot product.
const vectors = pool.map((p) => localEmbedding(p.text, EMBEDDING_DIMENSIONS));
const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);

// Deterministic fold assignment (no Math.random: the figures must be reproducible).
const fold = pool.map((_, i) => (i * 7919) % FOLDS);

interface Score {
  labelled: number;
  accuracyOnLabelled: number;
  noneKept: number;
  accuracyAll: number;
}

type Tuning = Parameters<typeof createObjectionDetector>[1];

function evaluate(tuning: Tuning): Score {
  let labelled = 0, labelledOk = 0, none = 0, noneOk = 0;
  for (let f = 0; f < FOLDS; f++) {
    const test = pool.map((_, i) => i).filter((i) => fold[i] === f);
    const train = pool
      .map((_, i) => i)
      .filter((i) => fold[i] !== f && !test.some((t) => dot(vectors[t]!, vectors[i]!) >= NEIGHBOURHOOD));
    const detector = createObjectionDetector(train.map((i) => pool[i]!), { ...tuning, learned: false });
    for (const t of test) {
      const got = detector.detect(pool[t]!.text).label ?? 'none';
      if (pool[t]!.label === 'none') {
        none++;
        if (got === 'none') noneOk++;
      } else {
        labelled++;
        if (got === pool[t]!.label) labelledOk++;
      }
    }
  }
  const r = (x: number) => Math.round(x * 1000) / 1000;
  return { labelled, accuracyOnLabelled: r(labelledOk / labelled), noneKept: r(noneOk / none), accuracyAll: r((labelledOk + noneOk) / (labelled + none)) };
}

const current = evaluate({});
const out: Record<string, unknown> = { folds: FOLDS, neighbourhood: NEIGHBOURHOOD, pool: pool.length, current, withoutLexicon: evaluate({ cues: false }) };
if (args.includes('--cues')) {
  const grid: Array<{ minScore: number; minMargin: number; noneVeto: number } & Score> = [];
  for (const minScore of [1, 2, 3]) for (const minMargin of [1, 2]) for (const noneVeto of [0.6, 0.75, 0.9, 1.1]) grid.push({ minScore, minMargin, noneVeto, ...evaluate({ cues: { minScore, minMargin, noneVeto } }) });
  out.cueGrid = grid.sort((a, b) => b.accuracyAll - a.accuracyAll).slice(0, 10);
}
if (args.includes('--sweep')) {
  const grid: Array<{ minSimilarity: number; minShare: number; k: number } & Score> = [];
  for (const k of [5, 7])
    for (const minSimilarity of [0.2, 0.25, 0.3, 0.35])
      for (const minShare of [0.35, 0.45, 0.55]) grid.push({ k, minSimilarity, minShare, ...evaluate({ k, minSimilarity, minShare }) });
  // A false objection sends the wrong playbook; keep most neutral messages neutral.
  const floor = opt('none-floor', 0.85);
  out.best = grid.filter((g) => g.noneKept >= floor).sort((a, b) => b.accuracyOnLabelled - a.accuracyOnLabelled || b.noneKept - a.noneKept).slice(0, 8);
}
console.log(JSON.stringify(out, null, 2));
if (args.includes('--errors')) {
  // Where the held-out objections went: null (missed) or another type (confused).
  const confusion: Record<string, number> = {};
  for (let f = 0; f < FOLDS; f++) {
    const test = pool.map((_, i) => i).filter((i) => fold[i] === f);
    const train = pool.map((_, i) => i).filter((i) => fold[i] !== f && !test.some((t) => dot(vectors[t]!, vectors[i]!) >= NEIGHBOURHOOD));
    const detector = createObjectionDetector(train.map((i) => pool[i]!), { learned: false });
    for (const t of test) {
      const d = detector.detect(pool[t]!.text);
      const got = d.label ?? 'none';
      if (got !== pool[t]!.label) {
        const key = `${pool[t]!.label} -> ${got}`;
        confusion[key] = (confusion[key] ?? 0) + 1;
        if (args.includes('--verbose')) console.error(`${pool[t]!.source} ${key} [${d.via}] ${pool[t]!.text}`);
      }
    }
  }
  console.log(JSON.stringify(Object.entries(confusion).sort((a, b) => b[1] - a[1]).slice(0, 30)));
}
