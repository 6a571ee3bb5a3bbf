import type { LlmClient } from '../integrations/anthropic/index.js';
import { errorMessage, withTimeout, type Logger } from '../shared/index.js';
import type { TemplateVars } from './render-template.js';

export interface OpenerDeps {
  llm: LlmClient;
  model: string;
  timeoutMs: number;
  logger: Logger;
}

const SYSTEM = `Você é a Júlia, escalista de uma empresa de plantões médicos, escrevendo no WhatsApp.
Escreva UMA frase curta de abertura (no máximo 20 palavras) para um médico, calorosa e natural, sem emojis em excesso,
sem prometer nada, sem citar valores nem datas, sem perguntar se pode mandar mensagem. Responda só com a frase.`;

/**
 * A personalised first line from the fast model, bounded by a timeout. Any
 * failure (timeout, outage, an answer that does not look like one line)
 * returns undefined, and the template's own opener is used instead.
 */
export async function personalisedOpener(deps: OpenerDeps, vars: TemplateVars, campaignType: string): Promise<string | undefined> {
  const about = [
    vars.primeiro_nome && `nome: ${vars.primeiro_nome}`,
    vars.especialidade && `especialidade: ${vars.especialidade}`,
    vars.cidade && `cidade: ${vars.cidade}`,
    `tipo de campanha: ${campaignType}`,
  ].filter(Boolean);
  try {
    const res = await withTimeout(
      deps.llm.createMessage({
        model: deps.model,
        max_tokens: 80,
        temperature: 0.7,
        system: [{ type: 'text', text: SYSTEM }],
        messages: [{ role: 'user', content: about.join('\n') }],
      }),
      deps.timeoutMs,
      'campaign opener',
    );
    const text = res.content
      .map((b) => ('text' in b && typeof b.text === 'string' ? b.text : ''))
      .join('')
      .trim()
      .replace(/^["“]|["”]$/g, '');
    if (!text || text.length > 200 || text.includes('\n')) return undefined;
    return text;
  } catch (err) {
    deps.logger.warn({ err: errorMessage(err) }, 'campaign opener: falling back to the template');
    return undefined;
  }
}
