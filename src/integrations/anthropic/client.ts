import Anthropic from '@anthropic-ai/sdk';
import { AppError } from '../../shared/errors.js';
import { maskPii } from '../../shared/pii.js';
import type { LlmClient, LlmRequest, LlmResponse } from './types.js';

export interface AnthropicClientOptions {
  apiKey: string;
  /** ANTHROPIC_BASE_URL; tests point it at tests/fakes/anthropic-fake.ts. */
  baseURL?: string;
  /** Per attempt, in milliseconds. */
  timeoutMs: number;
  /**
   * Retries after the first attempt. The SDK retries 408/409/429/5xx (529
   * "overloaded" included) with exponential backoff and jitter, honouring
   * retry-after(-ms) headers, so we do not stack a second retry loop on top.
   */
  maxRetries?: number;
}

/** Anthropic failed for good (after retries): the caller hands off to a human. */
export class LlmError extends AppError {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super('llm', message, { status });
  }
}

export const DEFAULT_LLM_RETRIES = 3;

/** The beta name under which Anthropic shipped cache diagnostics. */
export const CACHE_DIAGNOSIS_BETA = 'cache-diagnosis-2026-04-07';

export function createAnthropicClient(opts: AnthropicClientOptions): LlmClient {
  const sdk = new Anthropic({
    apiKey: opts.apiKey,
    ...(opts.baseURL ? { baseURL: opts.baseURL } : {}),
    timeout: opts.timeoutMs,
    maxRetries: opts.maxRetries ?? DEFAULT_LLM_RETRIES,
  });
  return {
    async createMessage(req: LlmRequest): Promise<LlmResponse> {
      try {
        const msg = await sdk.messages.create(
          { ...req, stream: false } as Anthropic.MessageCreateParamsNonStreaming,
          // Cache diagnostics began as a beta; the header is harmless where it is GA.
          req.diagnostics ? { headers: { 'anthropic-beta': CACHE_DIAGNOSIS_BETA } } : undefined,
        );
        // null: no diagnostics asked, no divergence, or the comparison still running.
        const miss = msg.diagnostics?.cache_miss_reason;
        return {
          id: msg.id,
          model: msg.model,
          content: msg.content as LlmResponse['content'],
          stop_reason: msg.stop_reason,
          usage: {
            input_tokens: msg.usage.input_tokens,
            output_tokens: msg.usage.output_tokens,
            cache_creation_input_tokens: msg.usage.cache_creation_input_tokens ?? 0,
            cache_read_input_tokens: msg.usage.cache_read_input_tokens ?? 0,
          },
          ...(miss ? { cacheMiss: { type: miss.type, ...('cache_missed_input_tokens' in miss ? { missedTokens: miss.cache_missed_input_tokens } : {}) } } : {}),
        };
      } catch (err) {
        if (err instanceof Anthropic.APIError) {
          // The provider's message can quote the request (a doctor's words, name or
          // number): keep only its status, error type and request id (issue 13).
          const body = err.error as { error?: { type?: unknown } } | undefined;
          const type = typeof body?.error?.type === 'string' ? body.error.type : err.status ? 'api_error' : err.constructor.name;
          throw new LlmError(`anthropic: ${err.status ?? 'network'} ${type}${err.requestID ? ` (${err.requestID})` : ''}`, err.status ?? undefined);
        }
        throw new LlmError(`anthropic: ${maskPii(err instanceof Error ? err.message : String(err))}`, undefined);
      }
    },
  };
}
