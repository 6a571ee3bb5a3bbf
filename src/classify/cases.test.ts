import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { classify } from './classify.js';
import { classifyMessage } from './classify-message.js';
import { createDetectors } from './neighbours/create-detectors.js';

/**
 * The case table: every line of cases/<task>.jsonl is {id, text} and the final verdict expected for one or more
 * tasks (optOut, botSuspicion, handoff: boolean; objection: a label or null). Each is checked against what the
 * pipeline does with the message (classify(), offline), never against one layer of it.
 */
interface Case {
  id: string;
  text: string;
  optOut?: boolean;
  botSuspicion?: boolean;
  handoff?: boolean;
  objection?: string | null;
}

const DIR = fileURLToPath(new URL('./cases/', import.meta.url));
const files = readdirSync(DIR).filter((f) => f.endsWith('.jsonl'));
const detectors = createDetectors();

describe('case table', () => {
  it('has cases for every binary task', () => {
    expect(files).toEqual(expect.arrayContaining(['opt-out.jsonl', 'bot-suspicion.jsonl', 'handoff.jsonl']));
  });

  for (const file of files) {
    const cases = readFileSync(DIR + file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Case);
    describe(file, () => {
      it.each(cases.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
        const turn = classify([{ id: c.id, text: c.text }]);
        if (c.optOut !== undefined) expect((await turn.optOut()) !== undefined, `opt-out: ${c.text}`).toBe(c.optOut);
        if (c.botSuspicion !== undefined) expect((await turn.botSuspicion()) !== undefined, `bot: ${c.text}`).toBe(c.botSuspicion);
        if (c.handoff !== undefined) expect((await turn.handoff()) !== undefined, `hand-off: ${c.text}`).toBe(c.handoff);
        if (c.objection !== undefined) expect(classifyMessage(detectors, c.text).objection, `objection: ${c.text}`).toBe(c.objection);
      });
    });
  }
});
