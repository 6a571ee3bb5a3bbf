import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LlmClient, LlmSystemBlock } from '../../integrations/anthropic/index.js';
import { withTimeout } from '../../shared/index.js';

/**
 * The shared base of every fast-model classification (objection, opt-out, bot
 * suspicion, hand-off): who Júlia is, the four questions' definitions and worked
 * examples. Haiku caches nothing under 4,096 tokens, and no single question's
 * instructions come near that, so the four share one prefix long enough to be
 * cached: one cache entry, written by whichever arbiter runs first and read by
 * all of them.
 */
export const CLASSIFICATION_BASE_FILE = 'classificar-base.md';

const PROMPTS = new URL('../../../prompts/', import.meta.url);
const texts = new Map<string, string>();

/** A prompt file's text, read once (prompts are versioned in git, not edited live). */
export function classificationPrompt(file: string): string {
  let text = texts.get(file);
  if (text === undefined) {
    text = readFileSync(fileURLToPath(new URL(file, PROMPTS)), 'utf8').trim();
    texts.set(file, text);
  }
  return text;
}

/**
 * The system prompt of one classification call: the shared base, marked as the
 * cache breakpoint, then the question's short instruction after it. Nothing
 * that varies by question or by message may sit before the breakpoint, or each
 * arbiter (each message) would write a cache entry of its own.
 */
export function classificationSystem(instructionFile: string): LlmSystemBlock[] {
  return [
    { type: 'text', text: classificationPrompt(CLASSIFICATION_BASE_FILE), cache_control: { type: 'ephemeral' } },
    { type: 'text', text: classificationPrompt(instructionFile) },
  ];
}

/**
 * One bounded classification call: the cached base and the question's instruction, the message (at most 2,000
 * characters) as the only user text, temperature 0, a few tokens. Returns the answer's text; throws on a failure or
 * when `timeoutMs` passes, and the caller keeps its offline verdict.
 */
export async function askClassifier(llm: LlmClient, model: string, instructionFile: string, text: string, maxTokens: number, timeoutMs: number, label: string): Promise<string> {
  const res = await withTimeout(
    llm.createMessage({
      model,
      max_tokens: maxTokens,
      temperature: 0,
      system: classificationSystem(instructionFile),
      messages: [{ role: 'user', content: text.slice(0, 2_000) }],
    }),
    timeoutMs,
    label,
  );
  return res.content.map((b) => ('text' in b ? b.text : '')).join(' ');
}
