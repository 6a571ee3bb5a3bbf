import { LlmError } from './client.js';
import type { LlmClient } from './types.js';

/** No API key: waiting cannot help, so the agent hands off to a person for good. */
export class LlmUnconfiguredError extends LlmError {
  constructor() {
    super('ANTHROPIC_API_KEY is not set', undefined);
  }
}

/**
 * Without ANTHROPIC_API_KEY every model call fails fast, so the agent hands the
 * conversation to a person (its normal LLM-failure path) instead of guessing.
 */
export function unconfiguredLlm(): LlmClient {
  return {
    async createMessage() {
      throw new LlmUnconfiguredError();
    },
  };
}
