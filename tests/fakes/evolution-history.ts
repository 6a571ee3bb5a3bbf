import type { FakeReply } from './read-request.js';

/**
 * The message store behind Evolution v2's `findMessages` / `findChats`, for
 * catch-up tests: a test puts a message here (as Evolution stored it) and
 * decides whether the webhook ever sees it. Behaviour follows Evolution's
 * channel service: `where.messageTimestamp` needs both `gte` and `lte` (ISO,
 * compared in seconds, inclusive), records come newest first, `page` is
 * 1-based and `offset` is the page size (default 50).
 */
export interface StoredMessage {
  key: { id: string; remoteJid: string; fromMe: boolean; participant?: string; remoteJidAlt?: string };
  pushName?: string;
  message: Record<string, unknown>;
  messageType: string;
  messageTimestamp: number;
  instanceId?: string;
  source?: string;
}

export interface HistoryOptions {
  /** false: behave like Evolution before 2.2, which ignores the time filter. */
  timeFilter?: boolean;
}

type Where = { key?: { remoteJid?: unknown; id?: unknown }; messageTimestamp?: { gte?: unknown; lte?: unknown } };

const seconds = (v: unknown) => Math.floor(new Date(v as string).getTime() / 1000);

export class EvolutionMessageStore {
  private readonly byInstance = new Map<string, StoredMessage[]>();
  constructor(public options: HistoryOptions = {}) {}

  /** Store a message as Evolution would (the webhook `data` of a messages.upsert). */
  add(instance: string, ...messages: StoredMessage[]): void {
    const list = this.byInstance.get(instance) ?? [];
    list.push(...messages.map((m) => structuredClone(m)));
    this.byInstance.set(instance, list);
  }

  all(instance: string): StoredMessage[] {
    return [...(this.byInstance.get(instance) ?? [])];
  }

  clear(): void {
    this.byInstance.clear();
  }

  private select(instance: string, where: Where | undefined): StoredMessage[] {
    let list = this.all(instance);
    const ts = where?.messageTimestamp;
    if (this.options.timeFilter !== false && ts?.gte && ts?.lte) {
      const [gte, lte] = [seconds(ts.gte), seconds(ts.lte)];
      list = list.filter((m) => m.messageTimestamp >= gte && m.messageTimestamp <= lte);
    }
    const jid = where?.key?.remoteJid;
    if (typeof jid === 'string') list = list.filter((m) => m.key.remoteJid === jid);
    return list.sort((a, b) => b.messageTimestamp - a.messageTimestamp);
  }

  /** Answers a findMessages body, or undefined when it is not a question for the store (the fake's sent-text lookup). */
  findMessages(instance: string, body: Record<string, unknown>): FakeReply | undefined {
    const where = body['where'] as Where | undefined;
    const jid = where?.key?.remoteJid;
    const stored = typeof jid === 'string' && this.all(instance).some((m) => m.key.remoteJid === jid);
    if (!where?.messageTimestamp && !stored) return undefined;
    const list = this.select(instance, where);
    const offset = Number(body['offset'] ?? 50) || 50;
    const page = Math.max(1, Number(body['page'] ?? 1) || 1);
    const records = list.slice(offset * (page - 1), offset * page).map((m, i) => ({ id: `rec-${page}-${i}`, ...m, MessageUpdate: [] }));
    return { status: 200, body: { messages: { total: list.length, pages: Math.ceil(list.length / offset), currentPage: page, records } } };
  }

  findChats(instance: string, body: Record<string, unknown>): FakeReply {
    const list = this.select(instance, body['where'] as Where | undefined);
    const latest = new Map<string, StoredMessage>();
    for (const m of list) if (!latest.has(m.key.remoteJid)) latest.set(m.key.remoteJid, m);
    const chats = [...latest.values()].map((m) => ({
      id: null,
      remoteJid: m.key.remoteJid,
      pushName: m.pushName ?? null,
      updatedAt: new Date(m.messageTimestamp * 1000).toISOString(),
      lastMessage: { key: m.key, messageType: m.messageType, message: m.message, messageTimestamp: m.messageTimestamp },
      unreadCount: 0,
    }));
    return { status: 200, body: chats };
  }
}

/** A doctor's text as Evolution stores it. */
export function storedText(id: string, remoteJid: string, text: string, messageTimestamp: number, extra: Partial<StoredMessage> = {}): StoredMessage {
  return {
    key: { id, remoteJid, fromMe: false },
    pushName: 'Dr. Teste',
    message: { conversation: text },
    messageType: 'conversation',
    messageTimestamp,
    source: 'android',
    ...extra,
  };
}
