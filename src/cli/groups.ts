import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { isSqlDb, migrate, openDb } from '../db/index.js';
import { createGroupReview, normalizeGroupJid, type GroupAccessList, type GroupShiftView } from '../groups/index.js';
import { spHuman, systemClock } from '../shared/index.js';

const USAGE = `usage: julia groups <command>
  review [--limit N]                     vagas de grupo aguardando revisão
  show <id>                              detalhes, mensagens de origem e decisões
  approve <id> [--hospital slug] [--by quem]   importa como vaga aberta (--hospital mapeia hospital desconhecido)
  reject <id> [--reason "..."] [--by quem]
  stats [--days N]                       estatísticas, métricas do pipeline e fila
  list [--days N]                        grupos lidos (permitidos, confiáveis) e grupos que postaram sem permissão
  allow <jid> [--trusted] [--name "..."] [--by quem]   lê as vagas do grupo (--trusted: importa sem revisão as completas)
  deny <jid> [--by quem]                 deixa de ler o grupo (as mensagens ficam só guardadas)`;

const brl = (cents: number | null) => (cents === null ? 'sem valor' : `R$ ${(cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`);
const line = (s: GroupShiftView) =>
  `${s.id}  ${(s.reason ?? s.status).padEnd(26)}  ${s.starts_at ? spHuman(new Date(s.starts_at)) : 'sem data'}  ` +
  `${s.hospital ?? '?'}${s.hospital_known ? '' : ' (desconhecido)'} · ${s.specialty ?? '?'} · ${brl(s.value_cents)} · fontes: ${String(s.sources)}`;

function accessLines(list: GroupAccessList): string {
  const allowed = list.allowed.map(
    (g) => `${g.group_jid}  ${g.trusted ? 'confiável ' : 'permitido '}  ${g.label ?? ''}  (${g.messages} mensagens; por ${g.allowed_by})`,
  );
  const unread = list.not_allowed.map((g) => `${g.group_jid}  não lido     (${g.messages} mensagens, última ${spHuman(new Date(g.last_at))})`);
  return [...(allowed.length ? allowed : ['nenhum grupo permitido: nenhuma mensagem de grupo é lida']), ...unread].join('\n');
}

/** `julia groups ...`: the same functions the Slack tools call, so review works without Slack. */
export async function run(config: Config, args: string[] = []): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      limit: { type: 'string' }, hospital: { type: 'string' }, by: { type: 'string' }, reason: { type: 'string' }, days: { type: 'string' },
      trusted: { type: 'boolean' }, name: { type: 'string' },
    },
  });
  if (!sub || !['review', 'show', 'approve', 'reject', 'stats', 'list', 'allow', 'deny'].includes(sub)) {
    console.error(USAGE);
    return 2;
  }
  const id = positionals[0] ?? '';
  if (['show', 'approve', 'reject'].includes(sub) && !/^[0-9a-f-]{36}$/i.test(id)) {
    console.error(`julia groups ${sub}: informe o id da vaga (veja julia groups review)`);
    return 2;
  }
  if (['allow', 'deny'].includes(sub) && !normalizeGroupJid(id)) {
    console.error(`julia groups ${sub}: informe o JID do grupo (ex.: 120363025246125486@g.us; veja julia groups list)`);
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
      case 'list': {
        const list = await review.grupos_permitidos(values.days ? { dias: Number(values.days) } : {});
        console.log(accessLines(list));
        return 0;
      }
      case 'allow':
      case 'deny': {
        const res =
          sub === 'allow'
            ? await review.permitir_grupo({ grupo: id, confiavel: values.trusted === true, por: by, ...(values.name && { nome: values.name }) })
            : await review.negar_grupo({ grupo: id, por: by });
        if (!res.ok) {
          console.error(`não foi possível: ${res.error}`);
          return 1;
        }
        console.log(
          sub === 'deny'
            ? `${res.group_jid}: ${res.removed ? 'negado (mensagens deixam de ser lidas)' : 'já não era lido'}`
            : `${res.group_jid}: ${res.trusted ? 'confiável (vagas completas importadas sem revisão)' : 'permitido (vagas esperam revisão)'}`,
        );
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
