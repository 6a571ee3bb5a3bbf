import type { HandoffNotice } from './turn-context.js';

/**
 * The managers' line for a hand-off. It says what Júlia already did (a shift
 * reserved, a reminder scheduled) so the person does not undo or repeat it.
 * No message text: drafts stay out of Slack (LGPD).
 */
export function handoffNoticeText(n: HandoffNotice): string {
  const why = n.reason === 'model_unavailable' ? 'o modelo está fora do ar; volta para a Júlia sozinha quando ele voltar, se ninguém assumir' : n.reason;
  const draft = n.draft ? ' (rascunho anexado na conversa)' : '';
  const done = n.actions?.length ? ` Antes disso a Júlia já ${n.actions.join('; ')}.` : '';
  return `Hand-off: a conversa ${n.conversationId} precisa de uma pessoa (motivo: ${why})${draft}.${done}`;
}
