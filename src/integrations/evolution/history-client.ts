import { ProviderError } from './provider.js';

/**
 * Evolution API v2's message store, read for catch-up (docs/decisions/0010):
 * `POST /chat/findMessages/{instance}` answers `{ messages: { total, pages,
 * currentPage, records } }`, newest first, `page` 1-based and `offset` the
 * page size; `where.messageTimestamp: { gte, lte }` (ISO dates, both needed)
 * is honoured by 2.2+ and silently ignored by older servers.
 * `POST /chat/findChats/{instance}` lists chats by latest message, each with
 * `lastMessage.messageTimestamp` (seconds).
 */
export interface HistoryRecord {
  key: { id: string; remoteJid: string; fromMe?: boolean; participant?: string | null; remoteJidAlt?: string | null; participantAlt?: string | null };
  pushName?: string | null;
  message?: Record<string, unknown> | null;
  messageType?: string | null;
  messageTimestamp?: number | string | null;
  [k: string]: unknown;
}

export interface HistoryPage {
  total: number;
  pages: number;
  currentPage: number;
  records: HistoryRecord[];
}

export interface HistoryChat {
  remoteJid: string;
  /** Seconds, from lastMessage.messageTimestamp; null when Evolution has none. */
  lastMessageAt: number | null;
}

export interface MessageQuery {
  gte?: Date;
  lte?: Date;
  remoteJid?: string;
  page: number;
  pageSize: number;
}

export interface EvolutionHistory {
  findMessages(instance: string, q: MessageQuery): Promise<HistoryPage>;
  findChats(instance: string, window: { gte: Date; lte: Date }): Promise<HistoryChat[]>;
}

export function createEvolutionHistory(opts: { baseUrl: string; apiKey: string; timeoutMs?: number }): EvolutionHistory {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const post = async (path: string, body: unknown): Promise<unknown> => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { apikey: opts.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new ProviderError(`evolution ${path}: ${(err as Error).message}`, undefined, true, 'no');
    }
    const text = await res.text();
    if (!res.ok) throw new ProviderError(`evolution ${path}: HTTP ${res.status} ${text.slice(0, 200)}`, res.status, res.status >= 500, 'no');
    return text ? (JSON.parse(text) as unknown) : {};
  };
  const enc = encodeURIComponent;
  return {
    async findMessages(instance, q) {
      const where: Record<string, unknown> = {};
      if (q.remoteJid) where['key'] = { remoteJid: q.remoteJid };
      if (q.gte && q.lte) where['messageTimestamp'] = { gte: q.gte.toISOString(), lte: q.lte.toISOString() };
      const body = (await post(`/chat/findMessages/${enc(instance)}`, { where, page: q.page, offset: q.pageSize })) as { messages?: Partial<HistoryPage> };
      const m = body.messages ?? {};
      const records = Array.isArray(m.records) ? m.records : [];
      return { total: Number(m.total ?? records.length), pages: Number(m.pages ?? 1), currentPage: Number(m.currentPage ?? q.page), records };
    },
    async findChats(instance, window) {
      const body = await post(`/chat/findChats/${enc(instance)}`, { where: { messageTimestamp: { gte: window.gte.toISOString(), lte: window.lte.toISOString() } } });
      const list = Array.isArray(body) ? (body as Array<Record<string, any>>) : [];
      return list
        .filter((c) => typeof c['remoteJid'] === 'string')
        .map((c) => {
          const ts = Number(c['lastMessage']?.messageTimestamp);
          return { remoteJid: c['remoteJid'] as string, lastMessageAt: Number.isFinite(ts) && ts > 0 ? ts : null };
        });
    },
  };
}
