import type { LlmClient, LlmRequest } from '../integrations/anthropic/index.js';
import { spHuman } from '../shared/index.js';
import { readShifts, type ExtractedShift } from './extraction-schema.js';
import { parseTolerantJson } from './tolerant-json.js';

export interface ExtractorDeps {
  llm: LlmClient;
  model: string;
  /** prompts/group-parser.md */
  prompt: string;
}

export type Extraction =
  | { ok: true; shifts: ExtractedShift[]; dropped: number; tokens: number }
  | { ok: false; reason: 'sem_json' | 'json_fora_do_formato'; raw: string };

/** One model call per post; the post's own São Paulo time anchors relative dates. */
export async function extractShifts(deps: ExtractorDeps, post: { body: string; sentAt: Date }): Promise<Extraction> {
  const req: LlmRequest = {
    model: deps.model,
    max_tokens: 2_000,
    temperature: 0,
    system: [{ type: 'text', text: deps.prompt, cache_control: { type: 'ephemeral' } }],
    messages: [
      {
        role: 'user',
        content: `Postada em: ${spHuman(post.sentAt)} (horário de São Paulo)\nMensagem do grupo:\n<<<\n${post.body}\n>>>`,
      },
    ],
  };
  const res = await deps.llm.createMessage(req);
  const raw = res.content.map((b) => (b.type === 'text' && 'text' in b ? (b as { text: string }).text : '')).join('');
  const parsed = parseTolerantJson(raw);
  if (parsed === undefined) return { ok: false, reason: 'sem_json', raw };
  const read = readShifts(parsed);
  if (!read.ok) return { ok: false, reason: 'json_fora_do_formato', raw };
  return { ok: true, shifts: read.shifts, dropped: read.dropped, tokens: res.usage.input_tokens + res.usage.output_tokens };
}
