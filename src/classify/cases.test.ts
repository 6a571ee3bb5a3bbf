import { describe, expect, it } from 'vitest';
import { classify } from './classify.js';
import { classifyMessage } from './classify-message.js';
import { caseFiles, readCases } from './cases/read-cases.js';
import { createDetectors } from './neighbours/create-detectors.js';

/**
 * The case table: every line of cases/<task>.jsonl is checked against what the pipeline does with the message
 * (classify() offline for the binary tasks and the firm no, the message's final verdict for the objection), never against one
 * layer of it.
 */
const detectors = createDetectors();
const files = caseFiles();

describe('case table', () => {
  it('has cases for every task', () => {
    expect(files).toEqual(expect.arrayContaining(['opt-out.jsonl', 'bot-suspicion.jsonl', 'handoff.jsonl', 'objection.jsonl', 'firm-no.jsonl']));
  });

  // An id names one case of its task: a repeated id makes a failure ambiguous and hides a case in the test's list.
  it.each(files)('gives every case of %s its own id', (file) => {
    const ids = readCases(file).map((c) => c.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  for (const file of files) {
    describe(file, () => {
      it.each(readCases(file).map((c) => [c.id, c] as const))('%s', async (_id, c) => {
        const turn = classify([{ id: c.id, text: c.text }]);
        if (c.optOut !== undefined) expect((await turn.optOut()) !== undefined, `opt-out: ${c.text}`).toBe(c.optOut);
        if (c.botSuspicion !== undefined) expect((await turn.botSuspicion()) !== undefined, `bot: ${c.text}`).toBe(c.botSuspicion);
        const handoff = await turn.handoff();
        if (c.handoff !== undefined) expect(handoff !== undefined, `hand-off: ${c.text}`).toBe(c.handoff);
        if (c.handoffReason !== undefined) expect(handoff?.result.reason, `hand-off reason: ${c.text}`).toBe(c.handoffReason);
        if (c.firmNo !== undefined) expect(turn.offline()[0]!.firmNo.firmNo, `firm no: ${c.text}`).toBe(c.firmNo);
        const { objection } = classifyMessage(detectors, c.text);
        if (c.objection !== undefined) expect(objection, `objection: ${c.text}`).toBe(c.objection);
        if (c.objectionNot === null) expect(objection, `some objection: ${c.text}`).not.toBeNull();
        else if (c.objectionNot !== undefined) expect(objection, `objection other than ${c.objectionNot}: ${c.text}`).not.toBe(c.objectionNot);
      });
    });
  }
});
