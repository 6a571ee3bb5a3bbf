import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createDetectors } from '../../../src/retrieval/index.js';
import { formatScores, scoreLabels } from './metrics.js';

interface EvalRow {
  id: string;
  text: string;
  objection: string | null;
  objective: string | null;
  profile: string | null;
  history?: Array<string | { role?: string; text: string }>;
}

const FILE = new URL('../../fixtures/classification/eval.jsonl', import.meta.url);
const rows: EvalRow[] = readFileSync(FILE, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as EvalRow);

const history = (r: EvalRow) =>
  (r.history ?? []).flatMap((h) => (typeof h === 'string' ? [h] : h.role === undefined || h.role === 'doctor' ? [h.text] : []));

/*
 * Floors set from the figures measured when the detectors were written (see
 * docs/decisions/0006-knowledge.md), a few points below them so a regression
 * fails and noise does not. Rules were written from the spec and the playbooks,
 * never from this file's sentences, and no eval sentence is an exemplar.
 */
// Objection floors moved with issue 14's lexicon fallback (docs/decisions/0140-quality.md):
// measured before -> after: macro recall 0.46 -> 0.63, macro precision 0.55 -> 0.56, null precision
// 0.83 -> 0.89, bought with null recall 0.90 -> 0.80 (a lexicon guess is low-confidence, so with a
// key the arbiter confirms it).
const FLOORS = {
  objection: { accuracy: 0.7, nullRecall: 0.77, macroPrecision: 0.5, macroRecall: 0.58 },
  objective: { accuracy: 0.48, macroPrecision: 0.45, macroRecall: 0.42 },
  profile: { accuracy: 0.68, nullRecall: 0.72, macroPrecision: 0.4, macroRecall: 0.55 },
} as const;

describe('detectors on the labelled evaluation set', () => {
  const detectors = createDetectors();
  const results = rows.map((r) => ({ row: r, d: detectors.detect(r.text, history(r)) }));

  it('has a realistic, labelled set of at least 150 messages and no exemplar copied from it', () => {
    expect(rows.length).toBeGreaterThanOrEqual(150);
    expect(existsSync(new URL('../../../knowledge/exemplars/objection.jsonl', import.meta.url))).toBe(true);
    const exemplarTexts = new Set(
      ['objection', 'profile', 'objective'].flatMap((k) =>
        readFileSync(new URL(`../../../knowledge/exemplars/${k}.jsonl`, import.meta.url), 'utf8')
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => (JSON.parse(l) as { text: string }).text.trim().toLowerCase()),
      ),
    );
    // One- and two-word replies ("fechado", "blz") naturally occur in both; anything longer would be a leak.
    const leaked = rows
      .filter((r) => r.text.trim().split(/\s+/).length >= 3 && exemplarTexts.has(r.text.trim().toLowerCase()))
      .map((r) => r.id);
    expect(leaked).toEqual([]);
  });

  for (const field of ['objection', 'objective', 'profile'] as const) {
    it(`${field}: per-label precision and recall above the floors`, () => {
      const scores = scoreLabels(results.map(({ row, d }) => ({ expected: row[field], actual: d[field].label })));
      console.log(formatScores(field, scores));
      const real = scores.labels.filter((l) => l.label !== 'null' && l.support > 0);
      const macroP = real.reduce((s, l) => s + l.precision, 0) / real.length;
      const macroR = real.reduce((s, l) => s + l.recall, 0) / real.length;
      console.log(`${field}: macro precision ${macroP.toFixed(3)}, macro recall ${macroR.toFixed(3)}`);
      const floors = FLOORS[field];
      expect(scores.accuracy).toBeGreaterThanOrEqual(floors.accuracy);
      expect(macroP).toBeGreaterThanOrEqual(floors.macroPrecision);
      expect(macroR).toBeGreaterThanOrEqual(floors.macroRecall);
      if ('nullRecall' in floors) expect(scores.labels.find((l) => l.label === 'null')!.recall).toBeGreaterThanOrEqual(floors.nullRecall);
      // No label may be dead: every label with support is found at least sometimes, or is the documented exception.
      const dead = real.filter((l) => l.recall === 0).map((l) => l.label);
      expect(dead.filter((l) => !KNOWN_WEAK.has(`${field}:${l}`))).toEqual([]);
    });
  }

  it('classifies a message in well under 5 ms', () => {
    const started = performance.now();
    for (const r of rows) detectors.detect(r.text, history(r));
    expect((performance.now() - started) / rows.length).toBeLessThan(5);
  });
});

// The eval set files a specific date conflict ("sexta nao da") under availability,
// where the playbooks put calendar conflicts under "tempo"; the detectors follow
// the playbooks, so this label scores near zero. Recorded, not hidden.
const KNOWN_WEAK = new Set(['objection:disponibilidade']);
