import { z } from 'zod';
import type { GroupReview } from '../../../groups/index.js';
import { defineTool } from '../../admin-tool.js';

export const listarVagasRevisao = (review: GroupReview) =>
  defineTool({
    name: 'listar_vagas_revisao',
    description: 'Vagas achadas nos grupos de WhatsApp que esperam revisão (valor fora da faixa, hospital desconhecido, dados incompletos), com o motivo.',
    input: z.object({ limite: z.number().int().min(1).max(50).optional() }),
    write: false,
    run: ({ limite }) => review.listar_vagas_revisao(limite ? { limite } : {}),
  });
