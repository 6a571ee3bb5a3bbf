import type { Db } from '../db/index.js';
import { ValidationError } from '../shared/errors.js';
import { CSV_BOM, csvRow } from './csv.js';
import { formatReais, formatSaoPaulo } from './sao-paulo-format.js';

type Row = Record<string, unknown>;

interface ReportSpec {
  header: string[];
  line(row: Row): unknown[];
  page(db: Db, after: string | null, limit: number): Promise<Row[]>;
  cursor(row: Row): string;
}

const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function spec(kind: string, id?: string): ReportSpec {
  if (kind === 'doctors') {
    return {
      header: ['id', 'nome', 'telefone', 'whatsapp_lid', 'crm', 'especialidade', 'cidade', 'regiao', 'permissao', 'opt_out_em', 'ultima_mensagem_dele', 'ultima_mensagem_julia', 'criado_em'],
      line: (r) => [r.id, r.name, r.phone, r.whatsapp_lid, r.crm, r.specialty, r.city, r.region, r.permission_state,
        formatSaoPaulo(r.opted_out_at as string), formatSaoPaulo(r.last_inbound_at as string), formatSaoPaulo(r.last_outbound_at as string), formatSaoPaulo(r.created_at as string)],
      page: (db, after, limit) => db.rpc<Row[]>('export_doctors_page', { p_after: after, p_limit: limit }),
      cursor: (r) => String(r.id),
    };
  }
  if (kind === 'shifts') {
    return {
      header: ['id', 'hospital', 'especialidade', 'inicio', 'fim', 'periodo', 'duracao_horas', 'valor_reais', 'status', 'reservado_por', 'reservado_em', 'observacoes', 'criado_em'],
      line: (r) => [r.id, r.hospital, r.specialty, formatSaoPaulo(r.starts_at as string), formatSaoPaulo(r.ends_at as string), r.period, r.duration_hours,
        formatReais(r.value_cents as number), r.status, r.reserved_by_name, formatSaoPaulo(r.reserved_at as string), r.notes, formatSaoPaulo(r.created_at as string)],
      page: (db, after, limit) => db.rpc<Row[]>('export_shifts_page', { p_after: after, p_limit: limit }),
      cursor: (r) => String(r.id),
    };
  }
  if (kind === 'campaign') {
    if (!id || !uuidRe.test(id)) throw new ValidationError('julia export campaign ID: ID must be a campaign uuid');
    return {
      header: ['envio', 'medico_id', 'nome', 'telefone', 'status', 'regra', 'instancia', 'despachado_em', 'concluido_em'],
      line: (r) => [r.id, r.doctor_id, r.name, r.phone, r.status, r.rule, r.instance, formatSaoPaulo(r.dispatched_at as string), formatSaoPaulo(r.settled_at as string)],
      page: (db, after, limit) => db.rpc<Row[]>('export_campaign_page', { p_campaign_id: id, p_after: after === null ? null : Number(after), p_limit: limit }),
      cursor: (r) => String(r.id),
    };
  }
  throw new ValidationError(`julia export: unknown report "${kind}" (doctors, shifts, campaign ID)`);
}

export const REPORT_KINDS = ['doctors', 'shifts', 'campaign'] as const;

/**
 * Writes one report as CSV, page by page (a page in memory at a time); `write`
 * resolves once the chunk is accepted, so a slow disk or pipe holds the reader.
 */
export async function exportReport(db: Db, kind: string, id: string | undefined, write: (chunk: string) => Promise<void>, pageSize = 1000): Promise<number> {
  const s = spec(kind, id);
  await write(CSV_BOM + csvRow(s.header));
  let after: string | null = null;
  let rows = 0;
  for (;;) {
    const page = await s.page(db, after, pageSize);
    if (page.length === 0) break;
    await write(page.map((r) => csvRow(s.line(r))).join(''));
    rows += page.length;
    after = s.cursor(page[page.length - 1]!);
    if (page.length < pageSize) break;
  }
  return rows;
}
