import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyLine } from '../../src/cli/classify.js';
import { createDetectors } from '../../src/retrieval/index.js';
import { fuzzParams, fuzzRuns, UNICODE_EDGES } from './fuzz-arbitraries.js';

const BIN = fileURLToPath(new URL('../../src/julia.mjs', import.meta.url));
const LABELS = ['id', 'optOut', 'botSuspicion', 'handoff', 'objection', 'objective', 'profile'];

const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.constantFrom(...UNICODE_EDGES, 'me tira da lista', 'PARE', 'vc é um robô?', 'quero falar com um humano', 'esse valor ta mto baixo'),
  fc.array(fc.constantFrom(...UNICODE_EDGES, 'plantão', 'não', ' ', 'R$ 1.500'), { maxLength: 40 }).map((a) => a.join('')),
  fc.integer({ min: 5_000, max: 60_000 }).map((n) => 'plantão noturno '.repeat(n / 16)),
);
/** What one line can hold once parsed: a well-formed input with odd values, or any JSON value at all. */
const line = fc.oneof(
  fc.record({ id: fc.jsonValue({ maxDepth: 2 }), text: fc.oneof(text, fc.jsonValue({ maxDepth: 2 })), history: fc.oneof(fc.array(fc.oneof(text, fc.record({ role: fc.constantFrom('doctor', 'julia', 1, null), text }))), fc.jsonValue({ maxDepth: 2 })) }, { requiredKeys: [] }),
  fc.jsonValue({ maxDepth: 3 }),
);

describe('julia classify fuzzing', () => {
  const detectors = createDetectors();

  it('labels any parsed line without throwing, with booleans and string-or-null labels', () => {
    fc.assert(
      fc.property(line, (l) => {
        const out = classifyLine(detectors, l as never);
        expect(Object.keys(out)).toEqual(LABELS);
        for (const k of ['optOut', 'botSuspicion', 'handoff'] as const) expect(typeof out[k]).toBe('boolean');
        for (const k of ['objection', 'objective', 'profile'] as const) expect(out[k] === null || typeof out[k] === 'string').toBe(true);
        expect(() => JSON.stringify(out)).not.toThrow();
      }),
      fuzzParams(300),
    );
  }, 60_000);

  it('regression (seed 1313): a line that is JSON null, a number or an array is refused, not a crash', () => {
    for (const l of [null, 5, 'texto', [1, 2]]) expect(classifyLine(detectors, l as never)).toMatchObject({ id: null, optOut: false });
    const deepId = JSON.parse(`{"id":${'['.repeat(50_000)}${']'.repeat(50_000)},"text":"oi"}`);
    expect(() => JSON.stringify(classifyLine(detectors, deepId))).not.toThrow();
  });

  it('answers garbage stdin, spawned, with one JSON line per non-blank input line and exit 0 or 1', () => {
    const garbage = fc.array(
      fc.oneof(
        line.map((l) => JSON.stringify(l)),
        fc.string({ unit: 'binary', maxLength: 200 }).map((s) => s.replace(/[\r\n\u2028\u2029]/g, ' ')),
        fc.constantFrom('null', '[]', '{"text":', '\u0000\u0000', `{"id":${'['.repeat(20_000)}${']'.repeat(20_000)}}`),
      ),
      { minLength: 1, maxLength: 30 },
    );
    fc.assert(
      fc.property(garbage, fc.uint8Array({ maxLength: 64 }), (lines, bytes) => {
        // Random bytes (often invalid UTF-8) on a line of their own at the end.
        const tail = Buffer.from(bytes.filter((b) => b !== 0x0a && b !== 0x0d));
        const input = Buffer.concat([Buffer.from(lines.join('\n') + '\n'), tail]);
        const res = spawnSync(process.execPath, [BIN, 'classify'], { input, env: { ...process.env, LOG_LEVEL: 'silent', VOYAGE_API_KEY: '' }, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
        expect([0, 1], String(res.stderr)).toContain(res.status);
        const expected = input.toString('utf8').split('\n').filter((l) => l.trim()).length;
        const out = String(res.stdout).trim().split('\n').filter(Boolean);
        expect(out).toHaveLength(expected);
        for (const o of out) expect(typeof JSON.parse(o)).toBe('object');
      }),
      { ...fuzzParams(3), numRuns: Math.min(fuzzRuns(3), 20) },
    );
  }, 180_000);
});
