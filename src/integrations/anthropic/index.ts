export type * from './types.js';
export { createAnthropicClient, LlmError, DEFAULT_LLM_RETRIES, type AnthropicClientOptions } from './client.js';
export { unconfiguredLlm, LlmUnconfiguredError } from './unconfigured.js';
