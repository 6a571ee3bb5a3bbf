import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalisedOpener, renderTemplate, templateVars, type ClaimedSend } from '../../../src/campaigns/index.js';
import { createAnthropicClient } from '../../../src/integrations/anthropic/index.js';
import { silentLogger } from '../../../src/shared/index.js';
import { startAnthropicFake, type AnthropicFake, type AnthropicStep } from '../../fakes/anthropic-fake.js';

const send: ClaimedSend = { id: 1, doctor_id: 'd', outbound_key: 'k', name: 'Dr. Paulo Lima', city: 'Campinas', region: null, specialty: 'Anestesiologia' };

describe('campaign bodies from templates', () => {
  it('fills the variables and leaves no gaps where a value is missing', () => {
    const vars = templateVars(send);
    expect(vars.primeiro_nome).toBe('Paulo');
    expect(renderTemplate('Oi {{primeiro_nome}}! Plantões de {{especialidade}} em {{cidade}} {{regiao}}.', vars)).toBe(
      'Oi Paulo! Plantões de Anestesiologia em Campinas.',
    );
    // A misspelt variable is refused when the campaign is created (campaign-template.test.ts); it never reaches a doctor as braces.
    expect(renderTemplate('Oi {{nomee}}', vars)).toBe('Oi');
  });

  it('offer campaigns can quote the shift', () => {
    const vars = templateVars(send, { date: '2026-03-10', startsAt: '2026-03-10T22:00:00Z', period: 'noturno', durationHours: 12, valueCents: 180_000, hospital: 'Hospital Central', city: 'Campinas', specialty: 'Anestesiologia' });
    expect(renderTemplate('{{hospital}}, {{periodo}} de {{duracao}}, {{valor}}', vars)).toBe('Hospital Central, noturno de 12h, R$ 1.800,00');
  });
});

describe('the LLM-personalised opener', () => {
  let anthropic: AnthropicFake;
  let step: AnthropicStep;
  beforeAll(async () => {
    anthropic = await startAnthropicFake({ handler: () => step });
  });
  afterAll(async () => anthropic.close());
  // The bound is what the slow-model case tests; an answering model gets room for a loaded machine.
  const deps = (timeoutMs = 400) => ({
    llm: createAnthropicClient({ apiKey: 'k', baseURL: anthropic.url, timeoutMs, maxRetries: 0 }),
    model: 'claude-haiku-4-5',
    timeoutMs,
    logger: silentLogger,
  });

  it('uses the fast model and returns its one line', async () => {
    step = { text: 'Oi Paulo, tudo certo por aí em Campinas?' };
    expect(await personalisedOpener(deps(10_000), templateVars(send), 'prospeccao')).toBe('Oi Paulo, tudo certo por aí em Campinas?');
    const call = anthropic.requestsTo('POST', '/v1/messages').at(-1)!.body as { model: string; messages: Array<{ content: string }> };
    expect(call.model).toBe('claude-haiku-4-5');
    expect(call.messages[0]!.content).toContain('Anestesiologia');
  });

  it.each<[string, AnthropicStep]>([
    ['a slow model (bounded timeout)', { text: 'tarde demais', delayMs: 1_500 }],
    ['a model error', { status: 529, error: { type: 'overloaded_error', message: 'overloaded' } }],
    ['an answer that is not one line', { text: 'linha um\nlinha dois' }],
  ])('falls back to the template on %s', async (_what, s) => {
    step = s;
    const started = Date.now();
    expect(await personalisedOpener(deps(), templateVars(send), 'prospeccao')).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_400);
  });
});
