import { z } from 'zod';
import { createFillStore } from '../../fill/index.js';
import { escapeMrkdwn } from '../../shared/index.js';
import { defineTool, type AdminContext } from '../admin-tool.js';
import { announce } from './announce.js';

const input = z.object({
  hospital: z.string().min(2).max(120).optional().describe('Nome do hospital como o gestor disse; sem hospital vale para todos (chave geral)'),
});
type Input = z.infer<typeof input> & { resolved?: { hospitalId: string; hospital: string } };

interface Resolved {
  hospitalId: string | null;
  hospital: string | null;
  hospitalSuggestions: string[] | null;
}

/** A hospital named in words, resolved against the catalog the way criar_vaga does; an unknown name comes back with close ones. */
export async function resolveHospital(ctx: AdminContext, name: string): Promise<{ hospitalId: string; hospital: string }> {
  const r = await ctx.deps.db.rpc<Resolved>('admin_shift_resolve', { p_hospital: name, p_specialty: '' });
  if (!r.hospitalId) throw new Error(`hospital "${name}" não está no catálogo (parecidos: ${(r.hospitalSuggestions ?? []).join(', ') || 'nenhum'})`);
  return { hospitalId: r.hospitalId, hospital: r.hospital! };
}

/**
 * Fill plans on or off: globally (the `fill_plans` flag, which every process
 * reads within a second) or for one hospital (fill_hospital_settings). The
 * preview names the hospital as the catalog spells it, so the click switches
 * exactly what the manager read.
 */
export function fillSwitchTool(name: string, enabled: boolean) {
  const verb = enabled ? 'Ligar' : 'Desligar';
  return defineTool<Input>({
    name,
    description: enabled
      ? 'Liga o preenchimento automático de vagas urgentes (a Júlia oferece sozinha as vagas abertas aos médicos mais indicados, em ondas). Sem hospital liga a chave geral; com hospital, só para ele.'
      : 'Desliga o preenchimento automático de vagas urgentes: nenhuma oferta nova sai. Sem hospital desliga a chave geral; com hospital, só para ele.',
    input,
    write: true,
    async prepare(x, ctx) {
      return x.hospital ? { ...x, resolved: await resolveHospital(ctx, x.hospital) } : x;
    },
    async preview({ resolved }, ctx) {
      if (!resolved) return `${verb} o preenchimento automático de vagas em todos os hospitais (chave geral).`;
      const global = (await ctx.deps.flags.get()).fillPlans.enabled;
      const note = enabled && !global ? ' A chave geral está desligada: nada sai até ela ser ligada também.' : '';
      return `${verb} o preenchimento automático de vagas no ${resolved.hospital}.${note}`;
    },
    async run({ resolved }, ctx) {
      const actor = `slack:${ctx.user}`;
      if (resolved) await createFillStore(ctx.deps.db).setHospitalEnabled(resolved.hospitalId, enabled, actor);
      else await ctx.deps.flags.set('fill_plans', { enabled }, actor);
      const where = resolved ? `no ${escapeMrkdwn(resolved.hospital)}` : 'em todos os hospitais';
      await announce(ctx, `${enabled ? ':arrow_forward:' : ':double_vertical_bar:'} Preenchimento automático ${enabled ? 'ligado' : 'desligado'} ${where} por <@${ctx.user}>.`);
      return { mensagem: `Preenchimento automático ${enabled ? 'ligado' : 'desligado'} ${resolved ? `no ${resolved.hospital}` : 'em todos os hospitais'}.` };
    },
    // Setting the same state again changes nothing: safe to re-run after a failure.
    redrive: true,
  });
}
