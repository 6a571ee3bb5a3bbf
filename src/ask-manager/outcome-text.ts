import type { QuestionView } from './question-blocks.js';

/**
 * The one message the doctor gets per question. A thread reply is the manager's
 * own words, relayed as the Slack message says it will be.
 */
export function outcomeText(q: Pick<QuestionView, 'status' | 'answer'>): string {
  switch (q.status) {
    case 'approved':
      return 'Voltei! Falei com a gestão e o seu pedido foi aprovado 🙂 Posso seguir com isso pra você?';
    case 'refused':
      return 'Voltei! Falei com a gestão e, dessa vez, não vai dar pra atender esse pedido. Se quiser, vejo outras opções pra você.';
    case 'answered':
      return `Voltei! Falei com a gestão: ${(q.answer ?? '').trim()}`;
    case 'timed_out':
      return 'Ainda não tive retorno da gestão sobre o seu pedido e não quero te deixar esperando: vou passar a nossa conversa pra alguém da equipe, que te responde por aqui.';
    default:
      throw new Error(`no outcome text for a question ${q.status}`);
  }
}
