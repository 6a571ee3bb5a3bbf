/**
 * Trains the learned detector layer on every labelled development line (sets 1–7, the
 * three dev sets, the unit paraphrases, the objection exemplars), chooses the combination
 * thresholds by leave-one-set-out over the same groups, prunes and writes the artifact the
 * runtime reads (knowledge/models/detectors.json). Deterministic: same data, same bytes. Run:
 *   node --import tsx bench/train-detectors.ts [--dry-run]
 * Prints JSON: the chosen policy, the out-of-fold figures behind it, weights kept, bytes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { HASH_BITS } from '../src/classify/learned/features.js';
import { LEARNED_ARTIFACT, type LearnedArtifact } from '../src/classify/learned/learned-layer.js';
import { BINARY, choosePolicies, DEFAULT_DESIGN, exemplarFeatures, GROUPS, loadLines, outOfFold, trainHeads } from '../src/classify/train/index.js';
import { serializeHead } from '../src/classify/train/train-linear.js';

const args = process.argv.slice(2);
const design = DEFAULT_DESIGN;
const lines = loadLines();
const exemplars = exemplarFeatures();
const chosen = choosePolicies(lines, outOfFold(lines, design, exemplars), design.blind, design.behindRest);
const heads = trainHeads(lines, design, exemplars);
const artifact: LearnedArtifact = {
  version: 1,
  hashBits: HASH_BITS,
  ruleSignal: design.ruleSignal,
  heads: {
    optOut: serializeHead(heads.binary.optOut),
    botSuspicion: serializeHead(heads.binary.botSuspicion),
    handoff: serializeHead(heads.binary.handoff),
    objection: serializeHead(heads.objection),
  },
  policy: chosen,
  trainedOn: [...Object.values(GROUPS), 'knowledge/exemplars/objection.jsonl'],
};
const json = JSON.stringify(artifact);
if (!args.includes('--dry-run')) {
  mkdirSync(dirname(LEARNED_ARTIFACT), { recursive: true });
  writeFileSync(LEARNED_ARTIFACT, `${json}\n`);
}
const kept = Object.fromEntries(Object.entries(artifact.heads).map(([k, h]) => [k, h.weights.reduce((s, w) => s + w.gaps.length, 0)]));
console.log(JSON.stringify({ design, lines: lines.length, policy: chosen, weightsKept: kept, bytes: Buffer.byteLength(json) + 1, heads: BINARY.length + 1 }, null, 1));
