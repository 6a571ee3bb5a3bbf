import type { GroupReview } from '../../../groups/index.js';
import type { AdminTool } from '../../admin-tool.js';
import { aprovarVagaGrupo } from './aprovar-vaga-grupo.js';
import { detalhesVagaGrupo } from './detalhes-vaga-grupo.js';
import { estatisticasGrupos } from './estatisticas-grupos.js';
import { gruposPermitir } from './grupos-permitir.js';
import { metricasPipeline } from './metricas-pipeline.js';
import { statusFilaGrupos } from './status-fila-grupos.js';
import { listarVagasRevisao } from './listar-vagas-revisao.js';
import { rejeitarVagaGrupo } from './rejeitar-vaga-grupo.js';

/** The group-review tools (issue 12) over the groups capability's functions; approve and reject wait for the button. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function groupReviewTools(review: GroupReview): AdminTool<any>[] {
  return [
    listarVagasRevisao(review), detalhesVagaGrupo(review), aprovarVagaGrupo(review), rejeitarVagaGrupo(review),
    estatisticasGrupos(review), metricasPipeline(review), statusFilaGrupos(review),
    gruposPermitir(review),
  ];
}
