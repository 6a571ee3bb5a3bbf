import { createHash } from 'node:crypto';
import type { AnthropicCall } from './anthropic-fake.js';

/**
 * The two cache behaviours of the Messages API that a test can observe, at
 * the fake's HTTP boundary:
 *
 * - Prompt caching: the prefix up to the last `cache_control` breakpoint in
 *   tools + system is written on first use and read while it stays identical
 *   (5-minute lifetime, refreshed on each read), if it reaches the model's
 *   minimum (4,096 tokens for Haiku 4.5 and Opus, 1,024 for Sonnet).
 * - Cache diagnostics: a request carrying `diagnostics` is fingerprinted under
 *   its response id; one naming a `previous_message_id` is compared with that
 *   request and gets back the first point of divergence (model, tools,
 *   system, then messages), with the tokens that fell after it.
 *
 * Tokens are estimated at about 4 characters each, as in the rest of the fake.
 */
const TTL_MS = 5 * 60_000;
const tokens = (value: unknown) => Math.max(1, Math.ceil(JSON.stringify(value ?? '').length / 4));
const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value ?? null)).digest('hex');

export function cacheMinimumFor(model: string): number {
  return /haiku|opus/i.test(model) ? 4_096 : 1_024;
}

interface Part {
  hash: string;
  tokens: number;
}

interface Fingerprint {
  model: string;
  tools: Part;
  system: Part[];
  messages: Part[];
  /** Anything else that shapes the prompt (tool_choice, thinking…). */
  other: string;
}

export type CacheMissReason =
  | { type: 'model_changed' | 'tools_changed' | 'system_changed' | 'messages_changed'; cache_missed_input_tokens: number }
  | { type: 'previous_message_not_found' }
  | { type: 'unavailable' };

const systemBlocks = (call: AnthropicCall) => (typeof call.system === 'string' ? [{ type: 'text', text: call.system }] : (call.system ?? []));

function fingerprint(call: AnthropicCall): Fingerprint {
  return {
    model: call.model,
    tools: { hash: hash(call.tools ?? []), tokens: call.tools?.length ? tokens(call.tools) : 0 },
    system: systemBlocks(call).map((b) => ({ hash: hash(b), tokens: tokens(b) })),
    messages: call.messages.map((m) => ({ hash: hash(m), tokens: tokens(m) })),
    other: hash([call.tool_choice ?? null, call.thinking ?? null]),
  };
}

const sum = (parts: Part[]) => parts.reduce((n, p) => n + p.tokens, 0);

export class PromptCacheSimulator {
  private readonly prefixes = new Map<string, number>();
  private readonly prints = new Map<string, Fingerprint>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Usage split for this call: what was read from, written to, or outside the cache. */
  usage(call: AnthropicCall, totalInput: number): { input_tokens: number; cache_read_input_tokens: number; cache_creation_input_tokens: number } {
    const blocks = systemBlocks(call) as Array<{ cache_control?: unknown }>;
    const lastSystem = blocks.map((b) => Boolean(b.cache_control)).lastIndexOf(true);
    const lastTool = (call.tools ?? []).map((t) => Boolean(t.cache_control)).lastIndexOf(true);
    if (lastSystem < 0 && lastTool < 0) return { input_tokens: totalInput, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 };
    // Tools come first in the prompt, then system: a system breakpoint covers every tool.
    const prefix = lastSystem >= 0 ? { tools: call.tools ?? [], system: blocks.slice(0, lastSystem + 1) } : { tools: (call.tools ?? []).slice(0, lastTool + 1), system: [] };
    const prefixTokens = tokens(prefix);
    if (prefixTokens < cacheMinimumFor(call.model)) return { input_tokens: totalInput, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 };
    const key = `${call.model} ${hash(prefix)}`;
    const now = this.now();
    const hit = (this.prefixes.get(key) ?? 0) > now;
    this.prefixes.set(key, now + TTL_MS);
    const rest = Math.max(0, totalInput - prefixTokens);
    return hit
      ? { input_tokens: rest, cache_read_input_tokens: prefixTokens, cache_creation_input_tokens: 0 }
      : { input_tokens: rest, cache_read_input_tokens: 0, cache_creation_input_tokens: prefixTokens };
  }

  /**
   * The response's `diagnostics` for a call that asked for them (undefined if it
   * did not): null when there is nothing to compare or nothing diverged.
   */
  diagnose(call: AnthropicCall, responseId: string): { cache_miss_reason: CacheMissReason } | null | undefined {
    const asked = call.diagnostics as { previous_message_id?: string | null } | undefined;
    if (!asked || typeof asked !== 'object') return undefined;
    const current = fingerprint(call);
    this.prints.set(responseId, current);
    if (this.prints.size > 10_000) this.prints.delete(this.prints.keys().next().value as string);
    if (!asked.previous_message_id) return null;
    const before = this.prints.get(asked.previous_message_id);
    if (!before) return { cache_miss_reason: { type: 'previous_message_not_found' } };
    const all = current.tools.tokens + sum(current.system) + sum(current.messages);
    if (before.model !== current.model) return { cache_miss_reason: { type: 'model_changed', cache_missed_input_tokens: all } };
    if (before.tools.hash !== current.tools.hash) return { cache_miss_reason: { type: 'tools_changed', cache_missed_input_tokens: all } };
    const s = firstDifference(before.system, current.system);
    if (s >= 0) return { cache_miss_reason: { type: 'system_changed', cache_missed_input_tokens: sum(current.system.slice(s)) + sum(current.messages) } };
    // The history may only grow: every earlier message must be there, unchanged.
    const m = before.messages.findIndex((p, i) => current.messages[i]?.hash !== p.hash);
    if (m >= 0) return { cache_miss_reason: { type: 'messages_changed', cache_missed_input_tokens: sum(current.messages.slice(m)) } };
    if (before.other !== current.other) return { cache_miss_reason: { type: 'unavailable' } };
    return null;
  }
}

function firstDifference(a: Part[], b: Part[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i]?.hash !== b[i]?.hash) return i;
  return -1;
}
