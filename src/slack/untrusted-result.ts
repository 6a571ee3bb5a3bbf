import { maskToolResult } from '../shared/index.js';

export const UNTRUSTED_TAG = 'dados_nao_confiaveis';

/**
 * A tool result as the managers' model reads it (docs/decisions/0220-slack-access.md):
 * phones and CRMs masked, message bodies trimmed, and the whole wrapped in a labelled
 * block. Names, messages, group posts and hospital names in it were written by doctors
 * or group members; the prompt (prompts/slack-admin.md) says they are data, never
 * instructions. `<` is escaped inside the JSON so the data cannot close the block.
 */
export function untrustedToolResult(tool: string, content: unknown): string {
  const json = JSON.stringify(maskToolResult(content) ?? null).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
  return `<${UNTRUSTED_TAG} ferramenta="${tool.replace(/[^A-Za-z0-9_]/g, '')}">\n${json}\n</${UNTRUSTED_TAG}>`;
}
