import { scrubPersonalData } from '../../shared/personal-data.js';

/** Block Kit keys that carry ids and settings, never words: left as they are. */
const STRUCTURAL = new Set(['type', 'action_id', 'block_id', 'value', 'style', 'emoji', 'verbatim']);

function scrubBlocks(value: unknown, key: string, depth: number): unknown {
  if (typeof value === 'string') return STRUCTURAL.has(key) ? value : scrubPersonalData(value);
  if (value === null || typeof value !== 'object' || depth > 30) return value;
  if (Array.isArray(value)) return value.map((v) => scrubBlocks(v, key, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = scrubBlocks(v, k, depth + 1);
  return out;
}

/**
 * The last filter before Slack, on every call that shows words to people
 * (postMessage, update, postEphemeral, notices): no full phone, JID, @lid or CRM
 * leaves, whatever a model, a doctor or a group wrote (docs/decisions/0220-slack-access.md).
 */
export function safeForSlack<T extends { text: string; blocks?: unknown[] }>(m: T): T {
  return { ...m, text: scrubPersonalData(m.text), ...(m.blocks ? { blocks: scrubBlocks(m.blocks, '', 0) as unknown[] } : {}) };
}
