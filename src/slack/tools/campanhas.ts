import { z } from 'zod';
import { defineTool, type AdminContext, type CampaignPort } from '../admin-tool.js';
import { describeCampaign } from './campaign-preview.js';

function port(ctx: AdminContext): CampaignPort {
  if (!ctx.deps.campaigns) throw new Error('campanhas indisponíveis neste processo');
  return ctx.deps.campaigns;
}

export const campanhaCriar = defineTool({
  name: 'campanha_criar',
  description:
    'Cria uma campanha em rascunho; ela só dispara com campanha_iniciar. O texto aceita {{primeiro_nome}}, {{especialidade}}, {{cidade}}, {{regiao}}.',
  input: z.object({
    nome: z.string().min(3).max(200),
    tipo: z.enum(['prospeccao', 'reativacao', 'followup', 'custom']),
    texto: z.string().min(10).max(3000),
    especialidade: z.string().max(80).optional(),
    regiao: z.string().max(80).optional(),
    cidade: z.string().max(80).optional(),
  }),
  write: true,
  async prepare(i, ctx) {
    port(ctx).check?.(i);
    return i;
  },
  preview: (i) => `Criar a campanha "${i.nome}" (${i.tipo})${i.especialidade ? `, ${i.especialidade}` : ''}${i.regiao ? `, região ${i.regiao}` : ''}${i.cidade ? `, ${i.cidade}` : ''}:\n> ${i.texto.replace(/\n/g, '\n> ')}`,
  run: (i, ctx) => port(ctx).create(i, `slack:${ctx.user}`, ctx.actionId),
  // Keyed by the action id: a re-run after a failure returns the campaign already created.
  redrive: true,
  // Two previews creating the same campaign create one.
  sameEffect: (i) => `${i.nome.trim()}\n${i.tipo}\n${i.texto.trim()}`,
});

export const campanhaIniciar = defineTool({
  name: 'campanha_iniciar',
  description: 'Inicia (ou retoma) uma campanha criada.',
  input: z.object({ campanhaId: z.string().min(1) }),
  write: true,
  preview: ({ campanhaId }, ctx) => describeCampaign(ctx, campanhaId, 'iniciar'),
  run: ({ campanhaId }, ctx) => port(ctx).start(campanhaId, `slack:${ctx.user}`),
});

export const campanhaPausar = defineTool({
  name: 'campanha_pausar',
  description: 'Pausa uma campanha em andamento.',
  input: z.object({ campanhaId: z.string().min(1) }),
  write: true,
  preview: ({ campanhaId }, ctx) => describeCampaign(ctx, campanhaId, 'pausar'),
  run: ({ campanhaId }, ctx) => port(ctx).pause(campanhaId, `slack:${ctx.user}`),
});

export const campanhaStatus = defineTool({
  name: 'campanha_status',
  description: 'Situação de uma campanha (ou de todas): enviados, respostas, pendentes.',
  input: z.object({ campanhaId: z.string().optional() }),
  write: false,
  run: ({ campanhaId }, ctx) => port(ctx).status(campanhaId),
});
