import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROMPTS_DIR = fileURLToPath(new URL('../../prompts/', import.meta.url));

/** Júlia's prompts, read once at boot (they are versioned in git, not edited live). */
export interface AgentPrompts {
  /** Persona, rules, tool guidance: the cached, never-changing system prefix, in this order. */
  staticBlocks: Array<{ name: string; text: string }>;
  /** The honest short answer of the bot-suspicion processor. */
  botAnswer: string;
  /** Human-sounding lines the hand-off module may send when a person takes over. */
  handoffMessages: string[];
  /** Feedback to the model when ValidateOutput rejected its draft. */
  validationFeedback(reason: string): string;
}

/**
 * The cached system prefix, in order. Everything here is the same for every
 * doctor and every turn (house rules, core moves, the region's map), so that
 * tools + these blocks reach each routed model's cache minimum (4,096 tokens
 * on Haiku 4.5); anything per-turn goes in the dynamic context instead.
 */
export const STATIC_PROMPT_FILES = ['persona.md', 'rules.md', 'regras-da-casa.md', 'jogadas.md', 'hospitais-regiao.md', 'tools.md'];

const read = (dir: string, name: string) => readFileSync(join(dir, name), 'utf8').trim();

export function loadPrompts(dir = PROMPTS_DIR): AgentPrompts {
  const feedback = read(dir, 'validation-feedback.md');
  return {
    staticBlocks: STATIC_PROMPT_FILES.map((name) => ({ name, text: read(dir, name) })),
    botAnswer: read(dir, 'bot-answer.md'),
    handoffMessages: read(dir, 'handoff-message.md')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#')),
    validationFeedback: (reason) => feedback.replaceAll('{{motivo}}', reason),
  };
}
