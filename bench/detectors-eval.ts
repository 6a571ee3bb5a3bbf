/**
 * Detector figures on a labelled set. Run:
 *   node --import tsx bench/detectors-eval.ts tests/fixtures/classification/eval-2.jsonl
 * Prints JSON: precision, recall and F1 of opt-out, bot suspicion and hand-off
 * (with false opt-outs listed: the costly error), and objection accuracy on
 * the messages labelled with an objection and on all messages (null = none).
 * Offline: the rules and the local-embedder kNN, exactly what `julia classify` runs.
 */
import { readFileSync } from 'node:fs';
import { classifyLine } from '../src/cli/classify.js';
import { createDetectors } from '../src/retrieval/index.js';

interface Row {
  id: string;
  text: string;
  optOut: boolean;
  botSuspicion: boolean;
  handoff: boolean;
  objection: string | null;
}

const file = process.argv[2] ?? 'tests/fixtures/classification/eval.jsonl';
const rows = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Row);
const detectors = createDetectors();
const predicted = rows.map((r) => classifyLine(detectors, { id: r.id, text: r.text }));

const round = (x: number) => Math.round(x * 1000) / 1000;
function binary(label: 'optOut' | 'botSuspicion' | 'handoff') {
  let tp = 0, fp = 0, fn = 0;
  const fps: string[] = [], fns: string[] = [];
  rows.forEach((r, i) => {
    const p = predicted[i]![label];
    if (p && r[label]) tp++;
    else if (p) { fp++; fps.push(`${r.id}: ${r.text}`); }
    else if (r[label]) { fn++; fns.push(`${r.id}: ${r.text}`); }
  });
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { tp, fp, fn, precision: round(precision), recall: round(recall), f1: round(f1), falsePositives: fps, falseNegatives: fns };
}
const labelled = rows.map((r, i) => ({ r, p: predicted[i]! })).filter((x) => x.r.objection !== null);
const objection = {
  labelled: labelled.length,
  accuracyOnLabelled: round(labelled.filter((x) => x.p.objection === x.r.objection).length / (labelled.length || 1)),
  accuracyAll: round(rows.filter((r, i) => predicted[i]!.objection === r.objection).length / rows.length),
  errors: rows.flatMap((r, i) => (predicted[i]!.objection === r.objection ? [] : [`${r.id}: ${r.text} -> ${predicted[i]!.objection ?? 'null'} (esperado ${r.objection ?? 'null'})`])),
};
console.log(JSON.stringify({ file, messages: rows.length, optOut: binary('optOut'), botSuspicion: binary('botSuspicion'), handoff: binary('handoff'), objection }, null, 2));
