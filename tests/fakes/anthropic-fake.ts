import { randomBytes } from 'node:crypto';
import { PromptCacheSimulator } from './anthropic-prompt-cache.js';
import { HttpFake, type FakeReply, type RecordedRequest } from './http-fake.js';

export type AnthropicContentBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: string; [key: string]: unknown };

export type AnthropicStopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'refusal';

export interface AnthropicStepUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
}

interface StepOptions {
  delayMs?: number;
  usage?: AnthropicStepUsage;
  headers?: Record<string, string>;
}

export type AnthropicStep = StepOptions &
  (
    | { text: string }
    | { toolUse: { name: string; input: unknown; id?: string }; text?: string }
    | { content: AnthropicContentBlock[]; stopReason?: AnthropicStopReason }
    | { status: number; error?: { type?: string; message?: string } }
  );

type CacheControl = { type: 'ephemeral'; ttl?: string };

/** What the model was shown: the request body as the SDK serialised it. */
export interface AnthropicCall {
  model: string;
  max_tokens: number;
  system?: string | Array<{ type: 'text'; text: string; cache_control?: CacheControl }>;
  messages: Array<{ role: 'user' | 'assistant'; content: string | Array<{ type: string; [key: string]: unknown }> }>;
  tools?: Array<{ name: string; description?: string; input_schema?: unknown; cache_control?: CacheControl }>;
  tool_choice?: { type: string; name?: string };
  stream?: boolean;
  [key: string]: unknown;
}

export type AnthropicHandler = (body: AnthropicCall) => AnthropicStep | Promise<AnthropicStep>;

export interface AnthropicFakeOptions {
  script?: AnthropicStep[];
  /** Used once the script is empty (benchmarks, open-ended loops). */
  handler?: AnthropicHandler;
  /** When set, the key (x-api-key or Bearer) must match; otherwise any key is accepted. */
  apiKey?: string;
  /**
   * Simulate prompt caching: usage reports cache writes and reads for the prefix
   * up to the last breakpoint (anthropic-prompt-cache.ts). Off by default, so
   * scripted usage stays exactly what a test says. Cache diagnostics are always
   * answered when a request asks for them.
   */
  promptCache?: boolean;
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

const ERROR_MESSAGES: Record<string, string> = {
  overloaded_error: 'Overloaded',
  rate_limit_error: 'Number of request tokens has exceeded your per-minute rate limit',
  api_error: 'Internal server error',
};

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const anthropicId = (prefix: string) =>
  prefix + Array.from(randomBytes(24), (b) => BASE62[b % 62]).join('');

// Roughly 4 characters per token: good enough for budget and benchmark arithmetic.
const estimateTokens = (value: unknown) => Math.max(1, Math.ceil(JSON.stringify(value ?? '').length / 4));

export function anthropicError(status: number, type?: string, message?: string): FakeReply {
  const errorType = type ?? ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
  return {
    status,
    headers: { 'request-id': anthropicId('req_01') },
    body: {
      type: 'error',
      error: { type: errorType, message: message ?? ERROR_MESSAGES[errorType] ?? errorType },
      request_id: anthropicId('req_01'),
    },
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Anthropic Messages API (non-streaming) that replays a scripted conversation. */
export class AnthropicFake extends HttpFake {
  private script: AnthropicStep[];
  private handler: AnthropicHandler | undefined;
  private outage: { until: number; calls: number; status: number; headers: Record<string, string> } | undefined;
  private cache = new PromptCacheSimulator();

  constructor(private readonly options: AnthropicFakeOptions = {}) {
    super('anthropic fake');
    this.script = [...(options.script ?? [])];
    this.handler = options.handler;
    this.route('POST', '/v1/messages', (req) => this.createMessage(req));
  }

  /** Append steps to the script. */
  push(...steps: AnthropicStep[]): this {
    this.script.push(...steps);
    return this;
  }

  setHandler(handler: AnthropicHandler | undefined): this {
    this.handler = handler;
    return this;
  }

  /**
   * A provider outage: every call answers `status` (529 overloaded by default)
   * for `ms` from now, or for the next `calls` calls, before the script or the
   * handler is consulted (they resume untouched afterwards).
   */
  overload(opts: { ms?: number; calls?: number; status?: number; headers?: Record<string, string> }): this {
    this.outage = { until: opts.ms !== undefined ? Date.now() + opts.ms : 0, calls: opts.calls ?? 0, status: opts.status ?? 529, headers: opts.headers ?? {} };
    return this;
  }

  /** Calls answered with an outage error so far (since the last reset). */
  overloadedCalls = 0;

  /** Steps not yet consumed; tests assert 0 to prove the agent made every expected call. */
  remaining(): number {
    return this.script.length;
  }

  calls(): AnthropicCall[] {
    return this.requestsTo('POST', '/v1/messages').map((r) => r.body as AnthropicCall);
  }

  lastCall(): AnthropicCall | undefined {
    return this.calls().at(-1);
  }

  /** Also drops unplayed steps and restores the constructor's handler. */
  override reset(): void {
    super.reset();
    this.script = [...(this.options.script ?? [])];
    this.handler = this.options.handler;
    this.outage = undefined;
    this.overloadedCalls = 0;
    this.cache = new PromptCacheSimulator();
  }

  private overloaded(): FakeReply | undefined {
    const o = this.outage;
    if (!o) return undefined;
    if (o.calls > 0) o.calls--;
    else if (Date.now() >= o.until) return undefined;
    this.overloadedCalls++;
    const reply = anthropicError(o.status);
    return { ...reply, headers: { ...reply.headers, ...o.headers } };
  }

  protected override failureBody(status: number): unknown {
    return anthropicError(status).body;
  }

  // SDK 1.x sends the API key as `Authorization: Bearer`; raw HTTP clients use `x-api-key`. Accept both.
  protected override authorize(req: RecordedRequest): FakeReply | undefined {
    const bearer = req.headers['authorization'];
    const key = req.headers['x-api-key'] ?? (bearer?.startsWith('Bearer ') ? bearer.slice(7) : undefined);
    if (!key) return anthropicError(401, undefined, 'x-api-key header is required');
    if (this.options.apiKey !== undefined && key !== this.options.apiKey) {
      return anthropicError(401, undefined, 'invalid x-api-key');
    }
    return undefined;
  }

  private async createMessage(req: RecordedRequest): Promise<FakeReply> {
    const body = req.body as Partial<AnthropicCall> | undefined;
    if (!body || typeof body !== 'object') return anthropicError(400, undefined, 'body must be a JSON object');
    for (const field of ['model', 'max_tokens', 'messages'] as const) {
      if (body[field] === undefined) return anthropicError(400, undefined, `${field}: Field required`);
    }
    if (body.stream === true) {
      return anthropicError(400, undefined, 'anthropic fake: streaming is not supported, call without stream');
    }
    const call = body as AnthropicCall;
    const down = this.overloaded();
    if (down) return down;
    const step = this.script.shift() ?? (this.handler ? await this.handler(call) : undefined);
    if (!step) return anthropicError(500, 'api_error', 'anthropic fake: script exhausted');
    if (step.delayMs) await sleep(step.delayMs);
    if ('status' in step) {
      const reply = anthropicError(step.status, step.error?.type, step.error?.message);
      return { ...reply, headers: { ...reply.headers, ...step.headers } };
    }
    return { status: 200, headers: { 'request-id': anthropicId('req_01'), ...step.headers }, body: this.message(call, step) };
  }

  private message(call: AnthropicCall, step: Exclude<AnthropicStep, { status: number }>) {
    let content: AnthropicContentBlock[];
    let stopReason: AnthropicStopReason;
    if ('toolUse' in step) {
      const { name, input, id } = step.toolUse;
      content = [
        ...(step.text ? [{ type: 'text' as const, text: step.text }] : []),
        { type: 'tool_use', id: id ?? anthropicId('toolu_01'), name, input },
      ];
      stopReason = 'tool_use';
    } else if ('content' in step) {
      content = step.content;
      stopReason = step.stopReason ?? (content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn');
    } else {
      content = [{ type: 'text', text: step.text }];
      stopReason = 'end_turn';
    }
    const usage = step.usage ?? {};
    const id = anthropicId('msg_01');
    const totalInput = usage.input_tokens ?? estimateTokens([call.system, call.tools, call.messages]);
    const cached = this.options.promptCache && !step.usage ? this.cache.usage(call, totalInput) : undefined;
    const diagnostics = this.cache.diagnose(call, id);
    return {
      id,
      type: 'message',
      role: 'assistant',
      model: call.model,
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: {
        input_tokens: cached?.input_tokens ?? totalInput,
        output_tokens: usage.output_tokens ?? estimateTokens(content),
        cache_creation_input_tokens: cached?.cache_creation_input_tokens ?? usage.cache_creation_input_tokens ?? 0,
        cache_read_input_tokens: cached?.cache_read_input_tokens ?? usage.cache_read_input_tokens ?? 0,
      },
      // null when not asked for or when nothing diverged, as the API answers.
      diagnostics: diagnostics ?? null,
    };
  }
}

export async function startAnthropicFake(options: AnthropicFakeOptions = {}): Promise<AnthropicFake> {
  return new AnthropicFake(options).listen();
}
