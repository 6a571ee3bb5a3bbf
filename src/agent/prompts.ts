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

/** The block the catalog replaces per company (src/agent/region-map.ts); the file is the demo's. */
export const REGION_MAP_BLOCK = 'hospitais-regiao.md';
/** The block a company's own rules file replaces (HOUSE_RULES_PATH); the file is the demo's. */
export const HOUSE_RULES_BLOCK = 'regras-da-casa.md';

function readHouseRules(path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
  } catch (err) {
    throw new Error(`HOUSE_RULES_PATH: não consegui ler ${path} (${(err as Error).message})`);
  }
  if (!text) throw new Error(`HOUSE_RULES_PATH: ${path} está vazio`);
  return text;
}

/**
 * `houseRulesPath`: the company's own house rules (Markdown, in Portuguese),
 * read once here, in place of the demo's regras-da-casa.md.
 */
export function loadPrompts(dir = PROMPTS_DIR, opts: { houseRulesPath?: string | undefined } = {}): AgentPrompts {
  const feedback = read(dir, 'validation-feedback.md');
  const houseRules = opts.houseRulesPath ? readHouseRules(opts.houseRulesPath) : undefined;
  return {
    staticBlocks: STATIC_PROMPT_FILES.map((name) => ({ name, text: name === HOUSE_RULES_BLOCK && houseRules ? houseRules : read(dir, name) })),
    botAnswer: read(dir, 'bot-answer.md'),
    handoffMessages: read(dir, 'handoff-message.md')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#')),
    validationFeedback: (reason) => feedback.replaceAll('{{motivo}}', reason),
  };
}
