import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { isSqlDb, migrate, openDb } from '../db/index.js';
import { createGroupReview, type GroupShiftView } from '../groups/index.js';
import { spHuman, systemClock } from '../shared/index.js';

const USAGE = `usage: julia groups <command>
  review [--limit N]                     vagas de grupo aguardando revisão
  show <id>                              detalhes, mensagens de origem e decisões
  approve <id> [--hospital slug] [--by quem]   importa como vaga aberta (--hospital mapeia hospital desconhecido)
  reject <id> [--reason "..."] [--by quem]
  stats [--days N]                       estatísticas, métricas do pipeline e fila`;

const brl = (cents: number | null) => (cents === null ? 'sem valor' : `R$ ${(cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`);
const line = (s: GroupShiftView) =>
  `${s.id}  ${(s.reason ?? s.status).padEnd(26)}  ${s.starts_at ? spHuman(new Date(s.starts_at)) : 'sem data'}  ` +
  `${s.hospital ?? '?'}${s.hospital_known ? '' : ' (desconhecido)'} · ${s.specialty ?? '?'} · ${brl(s.value_cents)} · fontes: ${String(s.sources)}`;

/** `julia groups ...`: the same functions the Slack tools call, so review works without Slack. */
export async function run(config: Config, args: string[] = []): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { limit: { type: 'string' }, hospital: { type: 'string' }, by: { type: 'string' }, reason: { type: 'string' }, days: { type: 'string' } },
  });
  if (!sub || !['review', 'show', 'approve', 'reject', 'stats'].includes(sub)) {
    console.error(USAGE);
    return 2;
  }
  const id = positionals[0] ?? '';
  if (['show', 'approve', 'reject'].includes(sub) && !/^[0-9a-f-]{36}$/i.test(id)) {
    console.error(`julia groups ${sub}: informe o id da vaga (veja julia groups review)`);
    return 2;
  }
  const db = await openDb(config.database);
  try {
    if (isSqlDb(db)) await migrate(db);
    const review = createGroupReview({ db, clock: systemClock });
    const by = values.by ?? `cli:${process.env.USER ?? 'operador'}`;
    switch (sub) {
      case 'review': {
        const items = await review.listar_vagas_revisao({ limite: values.limit ? Number(values.limit) : 20 });
        console.log(items.length ? items.map(line).join('\n') : 'nenhuma vaga aguardando revisão');
        return 0;
      }
      case 'show': {
        const d = await review.detalhes_vaga_grupo({ id });
        console.log(d ? JSON.stringify(d, null, 2) : 'vaga não encontrada');
        return d ? 0 : 1;
      }
      case 'approve':
      case 'reject': {
        const res =
          sub === 'approve'
            ? await review.aprovar_vaga_grupo({ id, por: by, ...(values.hospital && { hospital: values.hospital }) })
            : await review.rejeitar_vaga_grupo({ id, por: by, ...(values.reason && { motivo: values.reason }) });
        if (!res.ok) {
          console.error(`não foi possível: ${res.error}`);
          return 1;
        }
        console.log(sub === 'approve' ? `aprovada: vaga aberta ${res.shift_id}${res.already ? ' (já estava)' : ''}` : 'rejeitada');
        return 0;
      }
      default: {
        const dias = values.days ? Number(values.days) : 7;
        const [stats, metrics, queue] = await Promise.all([
          review.estatisticas_grupos({ dias }), review.metricas_pipeline({ dias }), review.status_fila_grupos(),
        ]);
        console.log(JSON.stringify({ estatisticas: stats, metricas: metrics, fila: queue }, null, 2));
        return 0;
      }
    }
  } finally {
    await db.close();
  }
}
