import { z } from 'zod';
import type { GroupReview } from '../../../groups/index.js';
import { defineTool } from '../../admin-tool.js';

export const detalhesVagaGrupo = (review: GroupReview) =>
  defineTool({
    name: 'detalhes_vaga_grupo',
    description: 'Detalhes de uma vaga achada em grupo: campos extraídos, pontuação, de quais grupos e mensagens veio, e o histórico de decisões.',
    input: z.object({ id: z.uuid() }),
    write: false,
    run: async ({ id }) => (await review.detalhes_vaga_grupo({ id })) ?? { erro: 'vaga de grupo não encontrada' },
  });
