/**
 * The slice of the Messages API the agent uses, in our own types so that only
 * this folder depends on the SDK (docs/architecture.md, "Layers and the dependency rule"). Field names
 * follow the wire format, so a request is passed to the SDK unchanged.
 */
export interface CacheControl {
  type: 'ephemeral';
}

export interface LlmSystemBlock {
  type: 'text';
  text: string;
  cache_control?: CacheControl;
}

export type LlmContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; tool_use_id: string; content: string; is_error?: boolean };

export interface LlmMessage {
  role: 'user' | 'assistant';
  content: string | LlmContentBlock[];
}

export interface LlmTool {
  name: string;
  description: string;
  input_schema: { type: 'object'; [key: string]: unknown };
}

export interface LlmRequest {
  model: string;
  max_tokens: number;
  system: LlmSystemBlock[];
  messages: LlmMessage[];
  tools?: LlmTool[];
  tool_choice?: { type: 'auto' } | { type: 'none' } | { type: 'any' };
  temperature?: number;
  /**
   * Cache diagnostics: the id of the previous response whose request this one
   * should be compared with (null on a first call, to opt in). The API answers
   * with where the two requests diverged, so a cache miss says why.
   */
  diagnostics?: { previous_message_id: string | null };
}

export interface LlmUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

/** Why the prompt cache could not reuse the previous request's prefix (cache diagnostics). */
export interface LlmCacheMiss {
  /** model_changed, system_changed, tools_changed, messages_changed, previous_message_not_found or unavailable. */
  type: string;
  /** The API's estimate of the input tokens after the point of divergence (the *_changed types only). */
  missedTokens?: number;
}

export interface LlmResponse {
  /** The response id (msg_...), the handle the next request's diagnostics compare against. */
  id?: string;
  model: string;
  content: Array<{ type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown } | { type: string }>;
  stop_reason: string | null;
  usage: LlmUsage;
  /** Present when diagnostics were asked for and the comparison found a divergence. */
  cacheMiss?: LlmCacheMiss;
}

/** The port the agent calls. Retries and timeouts happen behind it. */
export interface LlmClient {
  createMessage(req: LlmRequest): Promise<LlmResponse>;
}
