import { z } from 'zod';
import { normalizeGroupJid, type GroupReview } from '../../../groups/index.js';
import { defineTool } from '../../admin-tool.js';

const WHAT: Record<'permitir' | 'confiar' | 'negar', string> = {
  permitir: 'as vagas postadas nele passam a ser lidas e esperam revisão antes de virar vaga aberta',
  confiar: 'as vagas completas postadas nele viram vaga aberta sem revisão e podem ser oferecidas aos médicos',
  negar: 'as mensagens dele deixam de ser lidas (ficam só guardadas); vagas já importadas continuam',
};

/**
 * Which WhatsApp groups Júlia reads (none by default). `permitir` reads a
 * group's posts and sends every shift to review; `confiar` also imports its
 * complete shifts without review; `negar` stops reading it.
 */
export const gruposPermitir = (review: GroupReview) =>
  defineTool({
    name: 'grupos_permitir',
    description:
      'Define se a Júlia lê as vagas de um grupo de WhatsApp (nenhum é lido por padrão). acao: "permitir" (lê; toda vaga espera revisão), ' +
      '"confiar" (lê e importa sem revisão as vagas completas), "negar" (deixa de ler). grupo: o JID (ex.: 120363025246125486@g.us). ' +
      'Os grupos permitidos e os que postaram sem permissão aparecem em status_fila_grupos.',
    input: z.object({
      grupo: z.string().trim().regex(/^[0-9]{1,40}(-[0-9]{1,20})?(@g\.us)?$/, 'JID de grupo: dígitos seguidos de @g.us'),
      acao: z.enum(['permitir', 'confiar', 'negar']),
      nome: z.string().trim().min(1).max(120).optional(),
    }),
    write: true,
    // The preview and the click act on the same, complete JID.
    prepare: async (input) => ({ ...input, grupo: normalizeGroupJid(input.grupo) ?? input.grupo }),
    preview: ({ grupo, acao, nome }) => {
      const verb = acao === 'permitir' ? 'Permitir' : acao === 'confiar' ? 'Confiar no' : 'Negar o';
      return `${verb} grupo ${nome ? `"${nome}" ` : ''}(${grupo}): ${WHAT[acao]}.`;
    },
    run: ({ grupo, acao, nome }, { user }) =>
      acao === 'negar'
        ? review.negar_grupo({ grupo, por: `slack:${user}` })
        : review.permitir_grupo({ grupo, confiavel: acao === 'confiar', por: `slack:${user}`, ...(nome ? { nome } : {}) }),
  });
