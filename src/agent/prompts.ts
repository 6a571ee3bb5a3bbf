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

const read = (dir: string, name: string) => readFileSync(join(dir, name), 'utf8').trim();

export function loadPrompts(dir = PROMPTS_DIR): AgentPrompts {
  const feedback = read(dir, 'validation-feedback.md');
  return {
    staticBlocks: ['persona.md', 'rules.md', 'tools.md'].map((name) => ({ name, text: read(dir, name) })),
    botAnswer: read(dir, 'bot-answer.md'),
    handoffMessages: read(dir, 'handoff-message.md')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#')),
    validationFeedback: (reason) => feedback.replaceAll('{{motivo}}', reason),
  };
}
