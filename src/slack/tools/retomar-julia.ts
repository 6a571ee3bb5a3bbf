import { z } from 'zod';
import { defineTool } from '../admin-tool.js';
import { announce } from './announce.js';

export const retomarJulia = defineTool({
  name: 'retomar_julia',
  description: 'Retoma a Júlia depois de uma pausa (desliga o safe_mode).',
  input: z.object({}),
  write: true,
  preview: () => 'Retomar a Júlia (desligar o safe_mode).',
  async run(_input, ctx) {
    await ctx.deps.flags.set('safe_mode', { enabled: false, mode: 'wait' }, `slack:${ctx.user}`);
    await announce(ctx, `:arrow_forward: Júlia retomada por <@${ctx.user}>.`);
    return { mensagem: 'Júlia retomada.' };
  },
  // Setting the same state again changes nothing: safe to re-run after a failure.
  redrive: true,
});
