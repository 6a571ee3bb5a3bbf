import { z } from 'zod';
import { defineTool } from '../admin-tool.js';
import { oneLine } from './doctor-name.js';

export const listarDiretrizes = defineTool({
  name: 'listar_diretrizes',
  description: 'Diretrizes da gestão ativas agora (prioridades, hospitais a empurrar, o que não dizer), com escopo, margem de valor e validade.',
  input: z.object({}),
  write: false,
  run: (_input, { deps }) => deps.db.rpc('directive_list', { p_now: deps.clock.now() }),
});

export const revogarDiretriz = defineTool({
  name: 'revogar_diretriz',
  description: 'Revoga uma diretriz ativa (id de listar_diretrizes).',
  input: z.object({ diretrizId: z.uuid() }),
  write: true,
  async preview({ diretrizId }, { deps }) {
    const list = await deps.db.rpc<Array<{ id: string; text: string; scopeLabel: string; maxValueCents: number | null }>>('directive_list', { p_now: deps.clock.now() });
    const d = list.find((x) => x.id === diretrizId);
    if (!d) throw new Error('diretriz não encontrada entre as ativas');
    const margin = d.maxValueCents ? ` A margem dela deixa de valer: sem outra diretriz, a Júlia volta a oferecer só o valor de cada vaga.` : '';
    return `Revogar a diretriz para ${oneLine(d.scopeLabel)}: "${oneLine(d.text, 300)}".${margin}`;
  },
  async run({ diretrizId }, { deps, user }) {
    return deps.db.rpc('directive_revoke', { p_id: diretrizId, p_by: `slack:${user}`, p_now: deps.clock.now() });
  },
  // A second revoke of the same directive is a no-op.
  redrive: true,
});
