/**
 * Per-message cost of the inbound detectors with the learned layer. Runs
 * every development line through the learned layer alone (features + four heads) and through
 * the three pipeline detectors (rules + learned combination), several rounds, and prints JSON:
 * CPU microseconds per message (process.cpuUsage, steadier than wall clock on a shared machine)
 * and the load average at the start. Run: node --import tsx bench/detectors-speed.ts [--rounds 20]
 */
import { readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { detectBotSuspicion, detectHandoff, detectOptOut } from '../src/classify/index.js';
import { LEARNED_ARTIFACT, learnedObjection, learnedProbability } from '../src/classify/learned/learned-layer.js';
import { GROUPS } from '../src/classify/train/index.js';
import { labelledLines } from '../src/classify/train/labelled-groups.js';

const args = process.argv.slice(2);
const rounds = args.includes('--rounds') ? Number(args[args.indexOf('--rounds') + 1]) : 20;
const texts = Object.values(GROUPS).flatMap((f) => labelledLines(f).map((l) => (JSON.parse(l) as { text: string }).text));
const load = loadavg()[0] ?? 0;

function cpuMicrosPerMessage(fn: (t: string) => unknown): number {
  for (const t of texts) fn(t); // warm-up (and the artifact's one-time load)
  const start = process.cpuUsage();
  for (let r = 0; r < rounds; r++) for (const t of texts) fn(t);
  const used = process.cpuUsage(start);
  return Math.round(((used.user + used.system) / (rounds * texts.length)) * 10) / 10;
}

const loadStart = process.hrtime.bigint();
learnedProbability('optOut', 'warm', false);
const loadMs = Number(process.hrtime.bigint() - loadStart) / 1e6;

console.log(
  JSON.stringify(
    {
      messages: texts.length,
      rounds,
      loadAverage1m: Math.round(load * 100) / 100,
      artifactBytes: statSync(LEARNED_ARTIFACT).size,
      artifactLoadMs: Math.round(loadMs * 10) / 10,
      cpuMicrosPerMessage: {
        learnedLayerOnly: cpuMicrosPerMessage((t) => {
          learnedProbability('optOut', t, false);
          learnedProbability('botSuspicion', t, false);
          learnedProbability('handoff', t, false);
          learnedObjection(t);
        }),
        pipelineDetectorsWithLearned: cpuMicrosPerMessage((t) => {
          detectOptOut(t);
          detectBotSuspicion(t);
          detectHandoff(t);
        }),
      },
    },
    null,
    1,
  ),
);
