import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AgentPrompts } from '../agent/index.js';
import type { PipelineReplies } from './turn-context.js';

const DIR = fileURLToPath(new URL('../../prompts/pipeline/', import.meta.url));

function options(name: string, dir: string): string[] {
  const lines = readFileSync(join(dir, name), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  if (lines.length === 0) throw new Error(`prompts/pipeline/${name} has no options`);
  return lines;
}

/** The pipeline's fixed texts, read once at boot next to the agent's prompts. */
export function loadPipelineReplies(agent: AgentPrompts, dir = DIR): PipelineReplies {
  return {
    botAnswer: agent.botAnswer,
    handoffMessages: agent.handoffMessages,
    validationFeedback: agent.validationFeedback,
    // The hospitals' map is knowledge Júlia is meant to tell; the rest is how she works.
    confidential: agent.staticBlocks.filter((b) => b.name !== 'hospitais-regiao.md').map((b) => b.text),
    optOutConfirmation: options('opt-out-confirmation.md', dir),
    audioRequest: options('audio-request.md', dir),
    longMessage: options('long-message.md', dir),
    botHandoff: options('bot-handoff.md', dir),
  };
}
