import { z } from 'zod';
import { defineTool } from '../admin-tool.js';
import { parseBriefing } from './briefing-parse.js';
import { directiveInWords, type ResolvedDirective } from './directive-words.js';

const input = z.object({
  url: z.url().describe('link do Google Docs (o documento precisa estar compartilhado para leitura)'),
  validadeDias: z.number().int().min(1).max(90).default(7),
});

/**
 * A briefing document becomes manager directives with a validity period. The
 * preview shows the directives read from the document, so the manager confirms
 * what Júlia will actually follow.
 */
type BriefingInput = z.infer<typeof input> & { itens?: ResolvedDirective[] };

export const processarBriefing = defineTool<BriefingInput>({
  name: 'processar_briefing',
  description: 'Lê um briefing no Google Docs e grava as diretrizes (prioridades, hospitais a empurrar, o que não dizer) com validade.',
  input,
  write: true,
  // The document is read once, at the preview: what is confirmed is what is stored, even if the doc changes meanwhile.
  async prepare({ url, validadeDias }, { deps }) {
    if (!deps.documents) throw new Error('leitura de documentos não configurada');
    const parsed = parseBriefing(await deps.documents.read(url));
    if (parsed.length === 0) throw new Error('não achei diretrizes no documento (use títulos e itens com "-")');
    // Names resolved now, so the preview says which hospital each margin binds.
    const itens = await deps.db.rpc<ResolvedDirective[]>('directive_resolve', { p_items: parsed });
    return { url, validadeDias, itens };
  },
  preview: ({ validadeDias, itens = [] }) => {
    const ok = itens.filter((d) => !d.unresolved).length;
    return `Gravar ${ok} diretriz(es) por ${validadeDias} dia(s):\n${itens.map((d) => `• ${directiveInWords(d)}`).join('\n')}`;
  },
  async run({ url, validadeDias, itens: all }, { deps, user }) {
    // A margin meant for a hospital that was not found is never applied to every conversation.
    const itens = (all ?? []).filter((d) => !d.unresolved);
    if (!itens.length) throw new Error('nada a gravar');
    const now = deps.clock.now();
    const saved = await deps.db.rpc<unknown[]>('directive_add', {
      p_items: itens,
      p_valid_until: new Date(now.getTime() + validadeDias * 86_400_000),
      p_source: url,
      p_created_by: `slack:${user}`,
      p_now: now,
    });
    return { mensagem: `${saved.length} diretriz(es) ativas.`, diretrizes: saved };
  },
  // The same directives confirmed through two previews are stored once.
  sameEffect: ({ validadeDias, itens = [] }) => JSON.stringify({ validadeDias, itens }),
});
