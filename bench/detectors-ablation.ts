/**
 * Which objection rules the learned layer makes redundant, judged out of fold. Every labelled line is read by
 * heads trained without its own set (outOfFold), combined with the rules as the runtime combines them (the
 * artifact's policy). Each rule is then switched off in turn, largest first, and stays off only if no set
 * loses a correct objection label, on labelled lines or on all lines. Run:
 *   node --import tsx bench/detectors-ablation.ts
 * Prints JSON: the rules that can go (label, priority, provenance), the ones that must stay with the sets
 * they would cost, and the per-set figures before and after.
 * With `--no-rules`, every objection rule is switched off at once instead, and it prints the per-set figures of
 * the learned layer and the neighbours alone, out of fold, beside those of the rules with them: what deleting
 * all the objection rules would leave.
 */
import { readFileSync } from 'node:fs';
import type { ObjectionPolicy, BinaryPolicy } from '../src/classify/learned/combine.js';
import { LEARNED_ARTIFACT } from '../src/classify/learned/learned-layer.js';
import { createDetectors } from '../src/classify/neighbours/create-detectors.js';
import { objectionBehind } from '../src/classify/rules/objection/detect-objection.js';
import { OBJECTION_RULES } from '../src/classify/rules/objection/frames.js';
import type { ObjectionRule } from '../src/classify/rules/objection/rule.js';
import { reasonClauses } from '../src/classify/text/reason-clauses.js';
import { DEFAULT_DESIGN, decide, exemplarFeatures, loadLines, outOfFold, type BinaryName, type Line } from '../src/classify/train/index.js';

const started = process.hrtime.bigint();
const off = new Set<number>();
/** Every string a rule was asked about while one line was read: the line's views (normal form, beside the act…). */
let views: Set<string> | undefined;

/** A rule's pattern that can be switched off and that records what it was asked. */
class Switchable extends RegExp {
  constructor(source: RegExp, readonly index: number) {
    super(source.source, source.flags);
  }
  override exec(s: string): RegExpExecArray | null {
    views?.add(s);
    return off.has(this.index) ? null : super.exec(s);
  }
}
const raw = OBJECTION_RULES.map((r) => r.pattern);
OBJECTION_RULES.forEach((r, i) => ((r as { pattern: RegExp }).pattern = new Switchable(r.pattern, i)));

const artifact = JSON.parse(readFileSync(LEARNED_ARTIFACT, 'utf8')) as { policy: { binary: Record<BinaryName, BinaryPolicy>; objection: ObjectionPolicy } };
const lines = loadLines();
const readings = outOfFold(lines, DEFAULT_DESIGN, exemplarFeatures());
const detectors = createDetectors({ learned: false });

/** The rule-dependent fields of a line, read again under the rules switched on now. */
function reread(l: Line): Line {
  const rest = reasonClauses(l.text);
  return { ...l, current: detectors.detect(l.text).objection, behind: objectionBehind(l.text), restLabel: rest === null ? null : detectors.detect(rest).objection.label };
}
const lineViews: Array<Set<string>> = lines.map((l) => {
  views = new Set();
  reread(l);
  const seen = views;
  views = undefined;
  return seen;
});
const verdict = (idx: number[]) => decide(idx.map((i) => reread(lines[i]!)), idx.map((i) => readings[i]!), artifact.policy.binary, artifact.policy.objection).map((d) => d.objection);

const all = lines.map((_, i) => i);
let got = verdict(all);
const gold = lines.map((l) => l.gold.objection);
const groups = [...new Set(lines.map((l) => l.group))];

function figures(answers: Array<string | null>) {
  const out: Record<string, { labelled: number; all: number; nLabelled: number; n: number }> = {};
  for (const g of groups) out[g] = { labelled: 0, all: 0, nLabelled: 0, n: 0 };
  lines.forEach((l, i) => {
    if (gold[i] === undefined) return;
    const f = out[l.group]!;
    const right = answers[i] === gold[i];
    f.n++;
    f.all += right ? 1 : 0;
    if (gold[i] !== null) {
      f.nLabelled++;
      f.labelled += right ? 1 : 0;
    }
  });
  return out;
}
const before = figures(got);
const rate = (f: { labelled: number; all: number; nLabelled: number; n: number }) => ({ labelled: `${f.labelled}/${f.nLabelled}`, all: `${f.all}/${f.n}` });
if (process.argv.includes('--no-rules')) {
  OBJECTION_RULES.forEach((_, i) => off.add(i));
  const without = figures(verdict(all));
  const perSet = Object.fromEntries(groups.map((g) => [g, { withRules: rate(before[g]!), withoutRules: rate(without[g]!) }]));
  console.log(JSON.stringify({ rules: OBJECTION_RULES.length, perSet, seconds: Number(process.hrtime.bigint() - started) / 1e9 }, null, 1));
  process.exit(0);
}
const sourceSize = (r: ObjectionRule) => r.pattern.source.length;
const order = OBJECTION_RULES.map((r, i) => ({ r, i })).sort((a, b) => sourceSize(b.r) - sourceSize(a.r));
const dropped: Array<Record<string, unknown>> = [];
const kept: Array<Record<string, unknown>> = [];
for (const { r, i } of order) {
  const touched = all.filter((j) => [...lineViews[j]!].some((v) => raw[i]!.test(v)));
  off.add(i);
  const trial = [...got];
  const now = verdict(touched);
  touched.forEach((j, k) => (trial[j] = now[k]!));
  const after = figures(trial);
  const worse = groups.filter((g) => after[g]!.labelled < before[g]!.labelled || after[g]!.all < before[g]!.all);
  const describe = { label: r.label, priority: r.priority, provenance: r.provenance, broad: r.broad ?? false, linesTouched: touched.length };
  if (worse.length === 0) {
    dropped.push(describe);
    got = trial;
  } else {
    off.delete(i);
    kept.push({ ...describe, wouldCost: worse.map((g) => `${g} ${after[g]!.labelled - before[g]!.labelled}/${after[g]!.all - before[g]!.all}`) });
  }
}
const after = figures(got);
console.log(
  JSON.stringify(
    {
      rules: OBJECTION_RULES.length,
      canGo: dropped,
      mustStay: kept,
      perSet: Object.fromEntries(groups.map((g) => [g, { before: rate(before[g]!), after: rate(after[g]!) }])),
      seconds: Number(process.hrtime.bigint() - started) / 1e9,
    },
    null,
    1,
  ),
);
