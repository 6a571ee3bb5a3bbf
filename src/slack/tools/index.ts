import type { AdminTool } from '../admin-tool.js';
import { bloquearMedico } from './bloquear-medico.js';
import { buscarHandoffs } from './buscar-handoffs.js';
import { buscarHistorico } from './buscar-historico.js';
import { buscarMedico } from './buscar-medico.js';
import { buscarMetricas } from './buscar-metricas.js';
import { buscarVagas } from './buscar-vagas.js';
import { cancelarVaga } from './cancelar-vaga.js';
import { campanhaCriar, campanhaIniciar, campanhaPausar, campanhaStatus } from './campanhas.js';
import { compararPeriodos } from './comparar-periodos.js';
import { criarDiretriz } from './criar-diretriz.js';
import { criarVaga } from './criar-vaga.js';
import { definirCadastro } from './definir-cadastro.js';
import { desbloquearMedico } from './desbloquear-medico.js';
import { editarVaga } from './editar-vaga.js';
import { listarDiretrizes, revogarDiretriz } from './diretrizes.js';
import { enviarMensagem } from './enviar-mensagem.js';
import { listarMedicos } from './listar-medicos.js';
import { pausarJulia } from './pausar-julia.js';
import { porQueMedico } from './por-que-medico.js';
import { preenchimentoDesligar } from './preenchimento-desligar.js';
import { preenchimentoLigar } from './preenchimento-ligar.js';
import { processarBriefing } from './processar-briefing.js';
import { reservarVaga } from './reservar-vaga.js';
import { retomarJulia } from './retomar-julia.js';
import { statusPreenchimento } from './status-preenchimento.js';
import { statusSistema } from './status-sistema.js';
import { toggleCampanhas } from './toggle-campanhas.js';

export { parseBriefing, type Directive } from './briefing-parse.js';
export { directiveInWords, type ResolvedDirective } from './directive-words.js';

/** The manager tools of this capability; groups add theirs to the registry separately. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const CORE_TOOLS: AdminTool<any>[] = [
  buscarMetricas, compararPeriodos,
  buscarMedico, listarMedicos, bloquearMedico, desbloquearMedico,
  enviarMensagem, buscarHistorico,
  buscarVagas, reservarVaga, definirCadastro,
  statusSistema, buscarHandoffs, pausarJulia, retomarJulia, toggleCampanhas,
  campanhaCriar, campanhaIniciar, campanhaPausar, campanhaStatus,
  processarBriefing, listarDiretrizes, revogarDiretriz, criarDiretriz,
  criarVaga, editarVaga, cancelarVaga,
  statusPreenchimento, preenchimentoLigar, preenchimentoDesligar, porQueMedico,
];
