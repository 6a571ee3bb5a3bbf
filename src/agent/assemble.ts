import type { LlmMessage, LlmSystemBlock } from '../integrations/anthropic/index.js';
import type { HistoryMessage } from './ports.js';
import type { AgentPrompts } from './prompts.js';

/**
 * System blocks in cache-friendly order (docs/architecture.md, "The agent core"): the
 * static persona, rules and tool guidance first, with the cache breakpoint on
 * the last of them, so tools + static system form one cacheable prefix; the
 * per-turn context follows, uncached, so it never invalidates that prefix.
 */
export function buildSystem(prompts: AgentPrompts, dynamicContext: string, replace: Record<string, string> = {}): LlmSystemBlock[] {
  // `replace`: a static block rendered from company data (the region map), same place, same order.
  const blocks: LlmSystemBlock[] = prompts.staticBlocks.map((b) => ({ type: 'text', text: replace[b.name] ?? b.text }));
  const last = blocks.at(-1);
  if (last) last.cache_control = { type: 'ephemeral' };
  blocks.push({ type: 'text', text: dynamicContext });
  return blocks;
}

/**
 * The last `limit` messages as alternating user/assistant turns. Messages of
 * the same side in a row (a burst of WhatsApp bubbles) become one turn. Júlia's
 * messages before the doctor's first one are returned apart, for the context,
 * because the conversation sent to the model must start with the doctor.
 */
export function toLlmMessages(history: HistoryMessage[], limit: number): { messages: LlmMessage[]; openers: string[] } {
  const recent = history.filter((m) => m.text.trim() !== '').slice(-limit);
  const firstDoctor = recent.findIndex((m) => m.role === 'doctor');
  if (firstDoctor < 0) return { messages: [], openers: recent.map((m) => m.text) };
  const openers = recent.slice(0, firstDoctor).map((m) => m.text);
  const messages: LlmMessage[] = [];
  const images = new Map<LlmMessage, NonNullable<HistoryMessage['images']>>();
  for (const m of recent.slice(firstDoctor)) {
    const role = m.role === 'doctor' ? 'user' : 'assistant';
    let prev = messages.at(-1);
    // Júlia's bubbles are blank-line separated, as she is asked to write them.
    if (prev && prev.role === role) prev.content = `${prev.content as string}${role === 'assistant' ? '\n\n' : '\n'}${m.text}`;
    else messages.push((prev = { role, content: m.text }));
    if (role === 'user' && m.images?.length) images.set(prev, [...(images.get(prev) ?? []), ...m.images]);
  }
  // A doctor's photos go before his words in the same turn, as Claude reads best.
  for (const [msg, imgs] of images) {
    msg.content = [
      ...imgs.map((img) => ({ type: 'image' as const, source: { type: 'base64' as const, media_type: img.mediaType, data: img.data } })),
      { type: 'text' as const, text: msg.content as string },
    ];
  }
  return { messages, openers };
}
