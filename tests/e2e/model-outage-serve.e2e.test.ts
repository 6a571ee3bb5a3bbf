import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPrompts } from '../../src/agent/index.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { startServed, type Served } from './served.js';

/**
 * Finding 2 (issue 9) through a STARTED service: `julia serve` as a child
 * process, the real SDKs pointed at loopback fakes, Anthropic answering 529 for
 * 25 seconds. Whoever writes during the outage is answered after it without
 * writing again (possibly after a hand-off line), never silence, and his next
 * message is answered by Júlia.
 */
const OUTAGE_MS = 25_000;
const HANDOFF_LINES = loadPrompts().handoffMessages;
const ANSWER = /^Oi, aqui é a Júlia \(\d+\)! Me conta o que vc procura$/;

describe('julia serve during a 25 s model outage', () => {
  let s: Served;
  let answers = 0;

  beforeAll(async () => {
    s = await startServed({ anthropic: () => ({ text: `Oi, aqui é a Júlia (${++answers})! Me conta o que vc procura` }) });
    // Budgets short enough for a test: hand off after 6 s, probe every second.
    await s.start({ MODEL_OUTAGE_BUDGET_MS: '6000', MODEL_RETRY_BASE_MS: '1000', MODEL_RECOVERY_INTERVAL_MS: '1000' });
  }, 120_000);

  afterAll(async () => s?.close());

  const say = (phone: string, id: string, text: string) =>
    s.post(evolutionPayload('text-conversation', { id, text, remoteJid: `${phone}@s.whatsapp.net` })).then((r) => r.status);
  const textsTo = (phone: string) => s.evolution.sentTexts().filter((m) => m.number === phone).map((m) => m.text);
  /** Hand-off lines first (if any), then Júlia's answer: never nothing. */
  const answeredAfterOutage = (phone: string) => {
    const texts = textsTo(phone);
    const answer = texts.findIndex((t) => ANSWER.test(t));
    return answer >= 0 && texts.slice(0, answer).every((t) => HANDOFF_LINES.includes(t)) ? texts : null;
  };

  it('answers whoever wrote during the outage after it, without a second message, and the next message too', async () => {
    const started = Date.now();
    s.anthropic.overload({ ms: OUTAGE_MS });
    expect(await say('5511970008001', 'SRV-1', 'oi, tem plantao sabado?')).toBe(200);
    // Long enough to hand off: he hears a person is coming, then Júlia once the model is back.
    await waitFor(() => textsTo('5511970008001').length > 0, { timeoutMs: 20_000, what: 'the hand-off line' });
    expect(HANDOFF_LINES).toContain(textsTo('5511970008001')[0]);
    // A second doctor writes late in the outage.
    await new Promise((r) => setTimeout(r, Math.max(0, started + 15_000 - Date.now())));
    expect(await say('5511970008002', 'SRV-2', 'boa tarde, ainda tem vaga?')).toBe(200);

    for (const phone of ['5511970008001', '5511970008002']) {
      const texts = await waitFor(() => answeredAfterOutage(phone), { timeoutMs: 45_000, what: `an answer to ${phone}` });
      expect(Date.now() - started).toBeGreaterThanOrEqual(OUTAGE_MS - 1_000);
      expect(texts!.length).toBeLessThanOrEqual(2);
    }
    expect(s.anthropic.overloadedCalls).toBeGreaterThan(3);

    // After the outage his next message is answered by Júlia, not left to a person.
    const before = textsTo('5511970008001').length;
    expect(await say('5511970008001', 'SRV-3', 'e domingo?')).toBe(200);
    await waitFor(() => textsTo('5511970008001').length > before, { timeoutMs: 15_000, what: 'the next answer' });
    expect(textsTo('5511970008001').at(-1)).toMatch(ANSWER);
  }, 120_000);
});
