import { z } from 'zod';
import { defineTool, type AdminContext } from '../admin-tool.js';
import { doctorLabel } from './doctor-name.js';
import { directiveInWords, type ResolvedDirective } from './directive-words.js';

const input = z
  .object({
    texto: z.string().min(3).max(500).describe('A diretriz como a Júlia deve lê-la'),
    tipo: z.enum(['prioridade', 'hospital', 'evitar', 'outro']).default('outro'),
    escopo: z.enum(['global', 'hospital', 'especialidade', 'medico', 'plantao']).default('global'),
    hospital: z.string().min(3).max(120).optional().describe('Nome do hospital (escopo hospital)'),
    especialidade: z.string().min(3).max(80).optional().describe('Nome da especialidade (escopo especialidade)'),
    medicoId: z.uuid().optional().describe('id de buscar_medico (escopo medico)'),
    plantaoId: z.uuid().optional().describe('id de buscar_vagas (escopo plantao)'),
    periodo: z.enum(['diurno', 'noturno']).optional().describe('Só plantões deste período'),
    valorMaximo: z.number().positive().max(100_000).optional().describe('Valor máximo, em reais, que a Júlia pode oferecer'),
    valorMinimo: z.number().positive().max(100_000).optional().describe('Valor mínimo, em reais'),
    validadeDias: z.number().int().min(1).max(90).default(7),
  })
  .refine((x) => x.valorMaximo === undefined || x.valorMinimo === undefined || x.valorMinimo <= x.valorMaximo, 'valorMinimo acima de valorMaximo');
type Input = z.infer<typeof input> & { item?: ResolvedDirective };

const SCOPE = { global: 'global', hospital: 'hospital', especialidade: 'specialty', medico: 'doctor', plantao: 'shift' } as const;

/** The manager's words → one directive item, its target resolved to a row (so the preview names it). */
async function resolve(x: Input, ctx: AdminContext): Promise<ResolvedDirective> {
  const base: ResolvedDirective = {
    kind: x.tipo,
    text: x.texto,
    scope: SCOPE[x.escopo],
    ...(x.periodo ? { period: x.periodo } : {}),
    ...(x.valorMaximo !== undefined ? { maxValueCents: Math.round(x.valorMaximo * 100) } : {}),
    ...(x.valorMinimo !== undefined ? { minValueCents: Math.round(x.valorMinimo * 100) } : {}),
  };
  if (x.escopo === 'hospital' || x.escopo === 'especialidade') {
    const name = x.escopo === 'hospital' ? x.hospital : x.especialidade;
    if (!name) throw new Error(`informe ${x.escopo === 'hospital' ? 'o hospital' : 'a especialidade'}`);
    const [r] = await ctx.deps.db.rpc<ResolvedDirective[]>('directive_resolve', { p_items: [{ ...base, [x.escopo === 'hospital' ? 'hospital' : 'specialty']: name }] });
    if (!r || r.unresolved) throw new Error(`${r?.unresolved?.includes('ambiguous') ? 'mais de um' : 'nenhum'} cadastro para "${name}"; use o nome completo`);
    return r;
  }
  if (x.escopo === 'medico') {
    if (!x.medicoId) throw new Error('informe medicoId (use buscar_medico)');
    return { ...base, doctorId: x.medicoId, doctorLabel: await doctorLabel(ctx, x.medicoId) };
  }
  if (x.escopo === 'plantao') {
    if (!x.plantaoId) throw new Error('informe plantaoId (use buscar_vagas)');
    const s = await ctx.deps.db.rpc<{ hospital: string; date: string; period: string } | null>('agent_shift_json', { p_shift_id: x.plantaoId });
    if (!s) throw new Error('vaga não encontrada; use buscar_vagas para achar o id');
    return { ...base, shiftId: x.plantaoId, shiftLabel: `de ${s.date.split('-').reverse().join('/')} no ${s.hospital} (${s.period})` };
  }
  return base;
}

/**
 * A manager's directive for one hospital, specialty, doctor or shift (or all),
 * optionally with a margin: the most (and least) Júlia may offer. The doctor
 * agent's tools refuse any value outside it (docs/decisions/0270-scoped-directives.md).
 */
export const criarDiretriz = defineTool<Input>({
  name: 'criar_diretriz',
  description:
    'Cria uma diretriz da gestão para todas as conversas ou só para um hospital, especialidade, médico (id de buscar_medico) ou plantão (id de buscar_vagas), ' +
    'opcionalmente com margem: valorMaximo (o máximo que a Júlia pode oferecer) e valorMinimo, em reais.',
  input,
  write: true,
  async prepare(x, ctx) {
    return { ...x, item: await resolve(x, ctx) };
  },
  preview: ({ item, validadeDias }) => `Criar diretriz por ${validadeDias} dia(s): ${directiveInWords(item!)}.`,
  async run({ item, validadeDias }, { deps, user, actionId }) {
    if (!item) throw new Error('nada a gravar');
    const now = deps.clock.now();
    const saved = await deps.db.rpc('directive_create', {
      p_item: item,
      p_valid_until: new Date(now.getTime() + validadeDias * 86_400_000),
      p_created_by: `slack:${user}`,
      p_action_key: actionId ?? null,
      p_now: now,
    });
    return { mensagem: 'Diretriz ativa.', diretriz: saved };
  },
  // Keyed by the confirmed action in SQL: running it again returns the directive already made.
  redrive: true,
  sameEffect: ({ item, validadeDias }) => JSON.stringify({ item, validadeDias }),
});
