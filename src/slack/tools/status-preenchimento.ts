import { z } from 'zod';
import { createFillStore, type FillShiftStatus } from '../../fill/index.js';
import { spHuman } from '../../shared/index.js';
import { defineTool } from '../admin-tool.js';

/** An offer's status as the managers say it. */
export const ASKED_STATUS: Record<string, string> = {
  planned: 'na fila', sent: 'aguardando resposta', blocked: 'bloqueada pelas regras de envio', withdrawn: 'retirada',
  accepted: 'aceitou', refused: 'recusou', expired: 'sem resposta (expirou)',
};
const PLAN_STATUS: Record<string, string> = { active: 'em andamento', filled: 'preenchida', cancelled: 'vaga cancelada', expired: 'expirou', off: 'desligado' };

/** One urgent shift as the managers read it: times in São Paulo, answers counted, the doctors asked by name. */
export function shiftFillView(r: FillShiftStatus) {
  return {
    vagaId: r.shift_id,
    hospital: r.hospital,
    especialidade: r.specialty,
    inicio: spHuman(new Date(r.starts_at)),
    horasRestantes: Number(r.hours_left),
    situacao: r.plan_status ? (PLAN_STATUS[r.plan_status] ?? r.plan_status) : 'ainda sem plano (entra na próxima rodada)',
    onda: r.wave,
    ofertasEnviadas: r.offers_sent,
    respostas: { aceitaram: r.answers.accepted, recusaram: r.answers.refused, semResposta: r.answers.pending },
    perguntados: (r.asked ?? []).map((a) => ({ medicoId: a.doctor_id, nome: a.name, oferta: ASKED_STATUS[a.status] ?? a.status })),
  };
}

const MAX_SHIFTS = 25;

/** Read: the fill plans of the urgent shifts, soonest first. Names come from doctors' profiles: untrusted data, masked by the agent. */
export const statusPreenchimento = defineTool({
  name: 'status_preenchimento',
  description:
    'Preenchimento automático: cada vaga urgente aberta, a onda em que está, ofertas enviadas, respostas (aceitaram, recusaram, sem resposta), ' +
    'horas até o início e os médicos já perguntados (as 25 mais próximas do início). Diz também se a chave geral está ligada.',
  input: z.object({}),
  write: false,
  async run(_input, { deps }) {
    const [rows, flags] = await Promise.all([createFillStore(deps.db).status(deps.clock.now(), deps.fillHorizonDays), deps.flags.get()]);
    // Soonest first; the model reads the most urgent ones, and is told how many more there are.
    return { chaveGeralLigada: flags.fillPlans.enabled, totalDeVagas: rows.length, vagas: rows.slice(0, MAX_SHIFTS).map(shiftFillView) };
  },
});
