/**
 * Anthropic list prices in US dollars per million tokens, by model family. An
 * estimate for dashboards, not an invoice: a model not listed has no cost line.
 */
export interface ModelPrice {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

const FAMILIES: Array<[RegExp, ModelPrice]> = [
  [/^claude-haiku-4/, { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 }],
  [/^claude-3-5-haiku/, { input: 0.8, output: 4, cacheRead: 0.08, cacheWrite: 1 }],
  // Sonnet 5 (the default smart model) is listed at Sonnet 4.x's prices until its own are confirmed.
  [/^claude-sonnet-[45]|^claude-3-7-sonnet/, { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 }],
  [/^claude-opus-4-[5-9]/, { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 }],
  [/^claude-opus-4/, { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75 }],
];

export function priceOf(model: string): ModelPrice | undefined {
  return FAMILIES.find(([pattern]) => pattern.test(model))?.[1];
}

export interface TokenCounts {
  input: number;
  output: number;
  cache_read: number;
  cache_write: number;
}

export function estimateCostUsd(model: string, t: TokenCounts): number | undefined {
  const p = priceOf(model);
  if (!p) return undefined;
  return (t.input * p.input + t.output * p.output + t.cache_read * p.cacheRead + t.cache_write * p.cacheWrite) / 1_000_000;
}
