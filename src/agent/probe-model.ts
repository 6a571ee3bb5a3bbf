import { LlmUnconfiguredError, type LlmClient } from '../integrations/anthropic/index.js';

export type ModelProbe = 'ok' | 'unavailable' | 'unconfigured';

/**
 * Is the model answering again? The cheapest call there is (one output token,
 * no tools), made by the model-recovery job only while someone is waiting.
 */
export async function probeModel(deps: { llm: LlmClient; models: { fast: string } }): Promise<ModelProbe> {
  try {
    await deps.llm.createMessage({
      model: deps.models.fast,
      max_tokens: 1,
      system: [{ type: 'text', text: 'Responda apenas: ok' }],
      messages: [{ role: 'user', content: 'ok?' }],
    });
    return 'ok';
  } catch (err) {
    return err instanceof LlmUnconfiguredError ? 'unconfigured' : 'unavailable';
  }
}
