import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAnthropicClient } from '../../../src/integrations/anthropic/index.js';
import { arbitrateObjection, createDetectors, needsArbiter, type ArbiterOptions } from '../../../src/retrieval/index.js';
import { silentLogger } from '../../../src/shared/index.js';
import { startAnthropicFake, type AnthropicFake } from '../../fakes/index.js';

let fake: AnthropicFake;
let opts: ArbiterOptions;
beforeAll(async () => {
  fake = await startAnthropicFake({ apiKey: 'test-key' });
  opts = { llm: createAnthropicClient({ apiKey: 'test-key', baseURL: fake.url, timeoutMs: 5_000, maxRetries: 0 }), model: 'claude-haiku-4-5', timeoutMs: 300, logger: silentLogger };
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const weak = { label: 'tempo' as const, confidence: 0.4, via: 'knn' as const };

describe('objection arbiter (fast model on uncertain detections)', () => {
  it('lets the model decide a weak neighbour vote, with the cached shared base and only the message as input', async () => {
    fake.push({ text: 'risco' });
    const d = await arbitrateObjection(opts, 'vou ficar sozinho na porta?', weak);
    expect(d).toEqual({ label: 'risco', confidence: 0.8, via: 'knn' });
    const call = fake.lastCall()!;
    expect(call.model).toBe('claude-haiku-4-5');
    // The cached block is the classification base shared with the binary arbiters; the objection question follows it.
    expect(call.system).toEqual([
      expect.objectContaining({ cache_control: { type: 'ephemeral' } }),
      { type: 'text', text: expect.stringContaining('D, objeção') },
    ]);
    expect(call.messages).toEqual([{ role: 'user', content: 'vou ficar sozinho na porta?' }]);
  });

  it('"nenhuma" clears the label', async () => {
    fake.push({ text: 'nenhuma' });
    expect((await arbitrateObjection(opts, 'que horas começa?', weak)).label).toBeNull();
  });

  it('keeps the detectors\' answer when the model is slow, fails or answers off-list', async () => {
    fake.push({ text: 'risco', delayMs: 2_000 });
    const started = Date.now();
    expect(await arbitrateObjection(opts, 'x', weak)).toEqual(weak);
    expect(Date.now() - started).toBeLessThan(1_500);
    fake.reset();
    fake.push({ status: 500 });
    expect(await arbitrateObjection(opts, 'x', weak)).toEqual(weak);
    fake.push({ text: 'banana' });
    expect(await arbitrateObjection(opts, 'x', weak)).toEqual(weak);
  });

  it('is asked only when unsure: not on a clear rule hit, not on a message like no exemplar', () => {
    const detectors = createDetectors();
    expect(needsArbiter({ label: 'preco', confidence: 0.9, via: 'rule' })).toBe(false);
    expect(needsArbiter({ label: 'preco', confidence: 0.75, via: 'rule' })).toBe(true);
    expect(needsArbiter({ label: null, confidence: 0, via: 'none' })).toBe(false);
    expect(needsArbiter(weak)).toBe(true);
    expect(needsArbiter(detectors.detect('ok').objection)).toBe(false);
  });

  it('confirms a lexicon guess, and with the default bound (1.5 s) a slow model leaves the guess standing', async () => {
    // The layered detector without the learned layer: its lexicon guess is what this test needs (the learned head
    // reads this line itself).
    const detectors = createDetectors({ learned: false });
    const guess = detectors.detect('com esse pagamento nao cubro nem o uber').objection;
    expect(guess).toMatchObject({ label: 'preco', via: 'lexicon' });
    expect(needsArbiter(guess)).toBe(true);
    fake.push({ text: 'tempo', delayMs: 4_000 });
    const started = Date.now();
    const { timeoutMs: _ignored, ...defaults } = opts;
    expect(await arbitrateObjection(defaults, 'com esse pagamento nao cubro nem o uber', guess)).toEqual(guess);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(1_400);
    expect(waited).toBeLessThan(2_500);
  });
});
