import { z } from 'zod';
import { escapeMrkdwn } from '../../shared/index.js';
import { defineTool } from '../admin-tool.js';
import { announce } from './announce.js';

/** safe_mode on: the flag store publishes the change, so every process stops within a second. */
export const pausarJulia = defineTool({
  name: 'pausar_julia',
  description: 'Pausa a Júlia inteira (safe_mode): ela para de responder e de enviar campanhas até retomar_julia.',
  input: z.object({ motivo: z.string().min(3).max(300) }),
  write: true,
  preview: ({ motivo }) => `Pausar a Júlia (safe_mode). Motivo: ${motivo}.`,
  async run({ motivo }, ctx) {
    await ctx.deps.flags.set('safe_mode', { enabled: true, mode: 'wait' }, `slack:${ctx.user}`);
    await announce(ctx, `:octagonal_sign: Júlia pausada por <@${ctx.user}>. Motivo: ${escapeMrkdwn(motivo)}`);
    return { mensagem: 'Júlia pausada.' };
  },
  // Setting the same state again changes nothing: safe to re-run after a failure.
  redrive: true,
});
