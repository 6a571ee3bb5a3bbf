import { z } from 'zod';
import { defineTool } from '../admin-tool.js';
import { announce } from './announce.js';

export const toggleCampanhas = defineTool({
  name: 'toggle_campanhas',
  description: 'Liga ou desliga todas as campanhas (flag campaigns).',
  input: z.object({ ligar: z.boolean() }),
  write: true,
  preview: ({ ligar }) => (ligar ? 'Ligar as campanhas.' : 'Desligar todas as campanhas.'),
  async run({ ligar }, ctx) {
    await ctx.deps.flags.set('campaigns', { enabled: ligar }, `slack:${ctx.user}`);
    await announce(ctx, ligar ? `:loudspeaker: Campanhas ligadas por <@${ctx.user}>.` : `:mute: Campanhas desligadas por <@${ctx.user}>.`);
    return { mensagem: ligar ? 'Campanhas ligadas.' : 'Campanhas desligadas.' };
  },
  // Setting the same state again changes nothing: safe to re-run after a failure.
  redrive: true,
});
