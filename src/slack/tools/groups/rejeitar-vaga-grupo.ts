import { z } from 'zod';
import type { GroupReview } from '../../../groups/index.js';
import { defineTool } from '../../admin-tool.js';
import { describeGroupShift } from './describe-group-shift.js';

export const rejeitarVagaGrupo = (review: GroupReview) =>
  defineTool({
    name: 'rejeitar_vaga_grupo',
    description: 'Rejeita uma vaga de grupo em revisão, com o motivo; reposts da mesma vaga continuam rejeitados.',
    input: z.object({ id: z.uuid(), motivo: z.string().min(3).max(300) }),
    write: true,
    preview: async ({ id, motivo }) => `Rejeitar a vaga: ${await describeGroupShift(review, id)}. Motivo: ${motivo}.`,
    run: ({ id, motivo }, { user }) => review.rejeitar_vaga_grupo({ id, por: `slack:${user}`, motivo }),
  });
