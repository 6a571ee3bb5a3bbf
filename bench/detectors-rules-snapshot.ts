/**
 * The rules-only verdicts of the binary detectors on a labelled set, as the training groups replay them
 * (bench/support/learned-cv.ts, BLIND): taken once, on the code scored blind on the set, before anyone reads it. Run:
 *   node --import tsx bench/detectors-rules-snapshot.ts tests/fixtures/classification/eval-13.jsonl "note"
 * Prints JSON: per detector, the false positives and false negatives of the rules alone ("id: text").
 */
import { readFileSync } from 'node:fs';
import { botSuspicionByRules } from '../src/classify/rules/bot/detect-bot-suspicion.js';
import { handoffByRules } from '../src/classify/rules/handoff/detect-handoff.js';
import { optOutByRules } from '../src/classify/rules/opt-out/detect-opt-out.js';

interface Row { id: string; text: string; optOut: boolean; botSuspicion: boolean; handoff: boolean }
const [file, note = 'rules only'] = process.argv.slice(2);
if (!file) throw new Error('usage: detectors-rules-snapshot.ts FILE [NOTE]');
const rows = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Row);
const rules = {
  optOut: (t: string) => optOutByRules(t).optOut,
  botSuspicion: (t: string) => botSuspicionByRules(t).suspicious,
  handoff: (t: string) => handoffByRules(t).handoff,
};
const out: Record<string, unknown> = { file, note };
for (const [name, rule] of Object.entries(rules)) {
  const gold = (r: Row) => r[name as keyof typeof rules];
  out[name] = {
    falsePositives: rows.filter((r) => rule(r.text) && !gold(r)).map((r) => `${r.id}: ${r.text}`),
    falseNegatives: rows.filter((r) => !rule(r.text) && gold(r)).map((r) => `${r.id}: ${r.text}`),
  };
}
console.log(JSON.stringify(out, null, 2));
