import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anthropicError, startAnthropicFake, type AnthropicFake } from '../../../tests/fakes/index.js';
import { createAnthropicClient } from './client.js';

/** Anthropic's error text can quote the request; what we throw (and so log and store in BullMQ) must not. */
describe('Anthropic client errors', () => {
  let fake: AnthropicFake;
  beforeAll(async () => {
    fake = await startAnthropicFake({
      handler: () => anthropicError(400, 'invalid_request_error', 'messages.0: "Dr. Paulo Andrade, 5511987654321@s.whatsapp.net, disse: quero sair" is invalid'),
    });
  });
  afterAll(async () => fake.close());

  it('keeps the status and error type, never the provider message that quotes the doctor', async () => {
    const llm = createAnthropicClient({ apiKey: 'k', baseURL: fake.url, timeoutMs: 10_000, maxRetries: 0 });
    const err = await llm.createMessage({ model: 'claude-haiku-4-5', max_tokens: 10, messages: [{ role: 'user', content: 'oi' }] } as never).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    const text = `${(err as Error).message} ${(err as Error).stack ?? ''}`;
    expect(text).toMatch(/anthropic: 400 invalid_request_error/);
    for (const secret of ['Paulo', '5511987654321', 'quero sair']) expect(text).not.toContain(secret);
  });
});
