import { z } from 'zod';
import { createFillStore } from '../../fill/index.js';
import { spHuman } from '../../shared/index.js';
import { defineTool } from '../admin-tool.js';
import { scoreBase, scorePartsInWords } from './score-words.js';
import { ASKED_STATUS } from './status-preenchimento.js';

/**
 * Read: why the fill plan offered (or planned to offer) shift Y to doctor X —
 * the score and its parts as they were stored with the offer, in plain words.
 */
export const porQueMedico = defineTool({
  name: 'por_que_medico',
  description:
    'Explica por que o preenchimento automático ofereceu uma vaga a um médico: a pontuação guardada com a oferta e cada parte dela em palavras. ' +
    'Passe o id do médico e o id da vaga (de status_preenchimento, buscar_medico ou buscar_vagas).',
  input: z.object({ medicoId: z.uuid(), vagaId: z.uuid() }),
  write: false,
  async run({ medicoId, vagaId }, { deps }) {
    const e = await createFillStore(deps.db).explain(vagaId, medicoId);
    if (!e) return { oferecida: false, mensagem: 'Esse médico não recebeu nem tem planejada oferta dessa vaga pelo preenchimento automático.' };
    return {
      oferecida: true,
      pontuacao: Math.round(Number(e.score) * 10) / 10,
      pontosDePartida: Math.round(scoreBase(Number(e.score), e.parts) * 10) / 10,
      onda: e.wave,
      situacao: ASKED_STATUS[e.status] ?? e.status,
      enviadaEm: e.sent_at ? spHuman(new Date(e.sent_at)) : null,
      motivos: scorePartsInWords(e.parts),
    };
  },
});
