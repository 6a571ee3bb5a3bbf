import type { Db } from '../db/index.js';
import { errorMessage, type Clock, type Logger } from '../shared/index.js';

export interface CatalogHospital {
  slug: string;
  name: string;
  address: string;
  neighborhood: string | null;
  city: string;
  state: string;
  region: string | null;
  notes: string | null;
}

/** The region-map block of the cached prefix, as the company's catalog says it today. */
export interface RegionMapSource {
  text(): Promise<string>;
}

/** Past this many hospitals the map lists the first ones and points to the tool (the prefix must stay a prompt). */
export const REGION_MAP_MAX_HOSPITALS = 150;
const NOTE_MAX = 240;

// Catalog text is the company's, but one field must not be able to open a heading of its own.
const oneLine = (s: string | null | undefined, max = 200) => {
  const t = (s ?? '').replace(/\s+/g, ' ').replace(/^#+\s*/, '').trim();
  return t.length > max ? `${t.slice(0, max - 1).trimEnd()}…` : t;
};
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const key = (s: string | null) => (s ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const INTRO = [
  'Referência geral para conversar sobre onde a empresa tem plantões e sobre deslocamento. Estacionamento, acesso e detalhes de um hospital vêm da ferramenta buscar_info_hospital; vagas, datas e valores vêm sempre da busca de vagas. Nunca cite um hospital daqui como se tivesse vaga sem a busca ter mostrado, e nunca fale de hospital que não está nesta lista nem nas ferramentas.',
].join('\n');
const USAGE = [
  '## Como usar isso na conversa',
  '- Se ele diz onde mora, pense em vagas da mesma região ou de acesso fácil, e salve a região como preferência.',
  '- Plantão noturno que termina às 7h costuma pegar trânsito na volta; isso pesa para quem mora longe.',
  '- Não dê estimativa de tempo de viagem como se fosse certeza. Fale em "costuma ser mais tranquilo" ou "pega trânsito no fim da tarde".',
  '- Se ele perguntar por um hospital que não aparece aqui, diga que vai confirmar com a equipe; não invente parceria.',
].join('\n');
const EMPTY = 'Nenhum hospital parceiro cadastrado ainda. Não cite hospital nenhum por nome: se o médico perguntar onde são os plantões, diga que vai confirmar com a equipe e use a busca de vagas.';

/**
 * The region map in Portuguese, from the catalog, deterministic: the same rows
 * in any order give the same bytes (sorted by city, region, name, slug with a
 * fixed comparison), so the cached prefix only changes when the catalog does.
 * An empty catalog gives a neutral text, never the demo's fictional hospitals.
 */
export function renderRegionMap(rows: CatalogHospital[]): string {
  const head = '# Mapa da região (hospitais parceiros)';
  if (rows.length === 0) return [head, '', EMPTY, '', USAGE].join('\n');
  const sorted = [...rows].sort((a, b) =>
    cmp(key(a.city), key(b.city)) || cmp(key(a.state), key(b.state)) || cmp(key(a.region), key(b.region)) || cmp(key(a.name), key(b.name)) || cmp(a.slug, b.slug));
  const shown = sorted.slice(0, REGION_MAP_MAX_HOSPITALS);
  const out = [head, '', INTRO];
  let city = '';
  let region: string | null | undefined;
  for (const h of shown) {
    const c = `${oneLine(h.city)} - ${oneLine(h.state)}`;
    if (c !== city) {
      out.push('', `## ${c}`);
      city = c;
      region = undefined;
    }
    const r = oneLine(h.region) || null;
    if (r !== region) {
      out.push(r ? `Região ${r}:` : 'Sem região informada:');
      region = r;
    }
    const place = [oneLine(h.neighborhood), oneLine(h.address)].filter(Boolean).join(', ');
    const note = oneLine(h.notes, NOTE_MAX);
    out.push(`- ${oneLine(h.name)}${place ? ` (${place})` : ''}${note ? `: ${note}` : ''}`);
  }
  if (sorted.length > shown.length) {
    out.push('', `E mais ${sorted.length - shown.length} hospitais no catálogo: para eles, use buscar_info_hospital.`);
  }
  out.push('', USAGE);
  return out.join('\n');
}

/**
 * Reads and renders the catalog at most once per `ttlMs` (default one minute):
 * turns in between reuse the same string, and a catalog change reaches the
 * prefix within that time. Concurrent turns share one read. If the database
 * fails, the last good map is kept (the turn's other reads decide its fate).
 */
export function createRegionMap(o: { db: Db; clock: Clock; logger?: Logger; ttlMs?: number }): RegionMapSource {
  const ttl = o.ttlMs ?? 60_000;
  let cached: { text: string; at: number } | undefined;
  let inflight: Promise<string> | undefined;
  const load = async () => {
    try {
      const res = await o.db.rpc<{ hospitals: CatalogHospital[] }>('agent_hospital_catalog', {});
      const text = renderRegionMap(res.hospitals);
      cached = { text, at: o.clock.now().getTime() };
      return text;
    } catch (err) {
      if (!cached) throw err;
      o.logger?.warn({ err: errorMessage(err) }, 'region map: catalog read failed, keeping the last map');
      return cached.text;
    } finally {
      inflight = undefined;
    }
  };
  return {
    async text() {
      const now = o.clock.now().getTime();
      if (cached && now - cached.at >= 0 && now - cached.at < ttl) return cached.text;
      return (inflight ??= load());
    },
  };
}
