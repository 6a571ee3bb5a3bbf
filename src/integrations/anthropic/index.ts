export type * from './types.js';
export { createAnthropicClient, LlmError, DEFAULT_LLM_RETRIES, CACHE_DIAGNOSIS_BETA, type AnthropicClientOptions } from './client.js';
export { unconfiguredLlm, LlmUnconfiguredError } from './unconfigured.js';
