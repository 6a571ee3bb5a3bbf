import { z } from 'zod';
import { defineTool } from '../admin-tool.js';
import { doctorLabel, permissionOf } from './doctor-name.js';

/**
 * A manager's message to a doctor: through the outbound wrapper as COMMAND
 * (its guardrails apply). An opted-out doctor is reached only with a stated
 * bypass reason, which the wrapper records.
 */
export const enviarMensagem = defineTool({
  name: 'enviar_mensagem',
  description: 'Envia uma mensagem de WhatsApp a um médico em nome da gestão. Para médico com opt-out, exige motivoBypass explícito.',
  input: z.object({ medicoId: z.uuid(), texto: z.string().min(1).max(2000), motivoBypass: z.string().min(5).max(300).optional() }),
  write: true,
  async preview({ medicoId, texto, motivoBypass }, ctx) {
    const label = await doctorLabel(ctx, medicoId);
    const state = await permissionOf(ctx, medicoId);
    if (state === 'opted_out' && !motivoBypass) throw new Error('médico com opt-out: só com motivoBypass explícito');
    return `Enviar para ${label}:\n> ${texto.replace(/\n/g, '\n> ')}${motivoBypass ? `\nIgnorando o opt-out. Motivo: ${motivoBypass}` : ''}`;
  },
  async run({ medicoId, texto, motivoBypass }, { deps, user, actionId }) {
    const { jobId } = await deps.outbound.enqueueOutbound(
      { method: 'COMMAND', doctorId: medicoId, actor: `slack:${user}`, ...(motivoBypass ? { bypassReason: motivoBypass } : {}) },
      texto,
      { idempotencyKey: `slack-${actionId ?? jobIdFallback(medicoId, texto)}` },
    );
    return { mensagem: 'Mensagem na fila de envio.', jobId };
  },
  // The outbound key is the action id: a re-run never sends twice.
  redrive: true,
  // Two previews of the same text to the same doctor (a retried request) reach him once.
  sameEffect: ({ medicoId, texto }) => `${medicoId}\n${texto.trim().replace(/\s+/g, ' ')}`,
});

function jobIdFallback(doctorId: string, text: string): string {
  return `${doctorId}-${Buffer.from(text).toString('base64url').slice(0, 32)}`;
}
