import type { LlmSystemBlock, LlmTool } from '../integrations/anthropic/index.js';

/**
 * Anthropic caches nothing below a per-model minimum prefix length. A prefix
 * under it is silently billed in full on every call, so each routed model's
 * minimum is a requirement on the static prompt, checked by a test.
 */
export const CACHE_MIN_TOKENS: Record<string, number> = {
  'claude-haiku-4-5': 4096,
  'claude-sonnet-5': 1024,
  'claude-sonnet-4-5': 1024,
  'claude-sonnet-4-6': 1024,
};

/** Unknown model names get the strictest minimum we know of. */
export function cacheMinimum(model: string): number {
  return CACHE_MIN_TOKENS[model] ?? Math.max(...Object.values(CACHE_MIN_TOKENS));
}

/**
 * What the API caches at our single breakpoint: the tool definitions, then
 * every system block up to and including the one marked cache_control. The
 * rest of the system prompt is returned apart (the per-turn context).
 */
export function splitAtBreakpoint(tools: LlmTool[], system: LlmSystemBlock[]): { prefix: string; after: string[]; breakpoints: number } {
  const idx = system.findIndex((b) => b.cache_control);
  const breakpoints = system.filter((b) => b.cache_control).length;
  const cached = idx < 0 ? [] : system.slice(0, idx + 1);
  const after = (idx < 0 ? system : system.slice(idx + 1)).map((b) => b.text);
  return { prefix: [JSON.stringify(tools), ...cached.map((b) => b.text)].join('\n'), after, breakpoints };
}

/**
 * A LOWER bound on Claude tokens without the tokenizer: characters / 4.
 * Claude's tokenizers average about 3.5–4 characters per token on English
 * prose; Portuguese (accents, inflections) and JSON schemas (quotes, braces,
 * snake_case names) split finer, so they have fewer characters per token and
 * dividing by 4 undercounts them. The API also adds framing tokens around
 * tools and system that are not counted here. If this estimate clears the
 * minimum, the real count does too. (The brief's chars/3.2 would be closer to
 * the true Portuguese ratio, hence less conservative; we keep the stricter one.)
 */
export function conservativeTokens(text: string): number {
  return Math.floor([...text].length / 4);
}
