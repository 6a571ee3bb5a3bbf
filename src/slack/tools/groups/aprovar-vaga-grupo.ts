import { z } from 'zod';
import type { GroupReview } from '../../../groups/index.js';
import { defineTool } from '../../admin-tool.js';
import { describeGroupShift } from './describe-group-shift.js';

export const aprovarVagaGrupo = (review: GroupReview) =>
  defineTool({
    name: 'aprovar_vaga_grupo',
    description: 'Aprova uma vaga de grupo em revisão: ela vira vaga aberta que a Júlia pode oferecer. Para hospital desconhecido, informe o hospital cadastrado (slug ou id).',
    input: z.object({ id: z.uuid(), hospital: z.string().min(1).max(120).optional() }),
    write: true,
    preview: async ({ id, hospital }) =>
      `Aprovar e abrir a vaga: ${await describeGroupShift(review, id)}${hospital ? ` (hospital: ${hospital})` : ''}.`,
    run: ({ id, hospital }, { user }) => review.aprovar_vaga_grupo({ id, por: `slack:${user}`, ...(hospital ? { hospital } : {}) }),
  });
