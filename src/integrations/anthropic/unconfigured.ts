import { LlmError } from './client.js';
import type { LlmClient } from './types.js';

/**
 * Without ANTHROPIC_API_KEY every model call fails fast, so the agent hands the
 * conversation to a person (its normal LLM-failure path) instead of guessing.
 */
export function unconfiguredLlm(): LlmClient {
  return {
    async createMessage() {
      throw new LlmError('ANTHROPIC_API_KEY is not set', undefined);
    },
  };
}
