import type { EvolutionHistory, HistoryRecord } from '../integrations/evolution/index.js';

export interface WindowLimits {
  /** findMessages page size (Evolution's `offset`). */
  pageSize: number;
  /** Pages one run reads in time mode; a fuller window is narrowed first. */
  maxPages: number;
  /** Chats one run reads in chat mode (servers without a time filter). */
  maxChats: number;
  /** Pages per chat in chat mode. */
  maxPagesPerChat: number;
}

/** Where a chat-by-chat sweep stopped: chats ordered by (last message, jid), this one done. */
export interface ChatCursor {
  at: number;
  jid: string;
}

export interface WindowRead {
  records: HistoryRecord[];
  /** Chat mode only: the sweep is not finished; continue after this chat (`to` stays at `from`). */
  cursor?: ChatCursor;
  /** Every message sent in [from, to] is in `records`; `to` may be below the asked upper bound. */
  to: Date;
  calls: number;
  mode: 'time' | 'chats';
}

const SECOND = 1_000;
export const secondsOf = (r: HistoryRecord): number | null => {
  const raw = r.messageTimestamp;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
};
const floorS = (d: Date) => Math.floor(d.getTime() / SECOND);

/**
 * Everything Evolution stored for [from, upper], bounded. Time mode pages
 * through `where.messageTimestamp` newest first with a fixed upper bound, so a
 * message stored meanwhile can only repeat a record, never hide one. A window
 * that would need more than `maxPages` pages is narrowed (its older part is
 * read now, the rest by the next run). A server that ignores the time filter
 * (records outside the window come back) is read chat by chat instead.
 */
export async function readWindow(history: EvolutionHistory, instance: string, from: Date, upper: Date, limits: WindowLimits, cursor?: ChatCursor): Promise<WindowRead> {
  let calls = 0;
  if (cursor) return readByChats(history, instance, from, upper, limits, calls, cursor);
  let to = upper;
  const inWindow = (r: HistoryRecord, t = to) => {
    const s = secondsOf(r);
    return s !== null && s >= floorS(from) && s <= floorS(t);
  };
  for (let attempt = 0; ; attempt++) {
    const first = await history.findMessages(instance, { gte: from, lte: to, page: 1, pageSize: limits.pageSize });
    calls++;
    if (!first.records.every((r) => inWindow(r))) return readByChats(history, instance, from, upper, limits, calls);
    const narrowable = to.getTime() - from.getTime() > SECOND;
    if (first.pages > limits.maxPages && narrowable && attempt < 4) {
      const fits = (limits.maxPages * limits.pageSize * 0.9) / Math.max(1, first.total);
      to = new Date(from.getTime() + Math.max(SECOND, Math.floor((to.getTime() - from.getTime()) * fits)));
      continue;
    }
    const records = [...first.records];
    // Past the narrowing attempts a window is read whole: one second cannot be split further.
    for (let page = 2; page <= first.pages; page++) {
      const next = await history.findMessages(instance, { gte: from, lte: to, page, pageSize: limits.pageSize });
      calls++;
      if (next.records.length === 0) break;
      // Older records past the window: the server ignored the filter after all.
      if (!next.records.every((r) => inWindow(r))) return readByChats(history, instance, from, upper, limits, calls);
      records.push(...next.records);
    }
    return { records, to, calls, mode: 'time' };
  }
}

/**
 * The fallback: chats active since `from`, oldest activity first, each read
 * back to `from`. A sweep larger than `maxChats` continues after a cursor; a
 * chat that gets a new message meanwhile moves behind the cursor, so none is
 * skipped. The window counts as read (`to` = upper) only when the sweep ends.
 */
async function readByChats(history: EvolutionHistory, instance: string, from: Date, upper: Date, limits: WindowLimits, calls: number, cursor?: ChatCursor): Promise<WindowRead> {
  const chats = await history.findChats(instance, { gte: from, lte: upper });
  calls++;
  const after = (c: { lastMessageAt: number | null; remoteJid: string }) =>
    !cursor || c.lastMessageAt! > cursor.at || (c.lastMessageAt === cursor.at && c.remoteJid > cursor.jid);
  const active = chats
    .filter((c) => c.lastMessageAt !== null && c.lastMessageAt >= floorS(from) && !c.remoteJid.endsWith('@broadcast') && after(c))
    .sort((a, b) => a.lastMessageAt! - b.lastMessageAt! || a.remoteJid.localeCompare(b.remoteJid));
  const batch = active.slice(0, limits.maxChats);
  let toS = floorS(upper);
  const records: HistoryRecord[] = [];
  for (const chat of batch) {
    let oldestSeen = Infinity;
    let reachedFrom = false;
    for (let page = 1; page <= limits.maxPagesPerChat; page++) {
      const res = await history.findMessages(instance, { remoteJid: chat.remoteJid, page, pageSize: limits.pageSize });
      calls++;
      for (const r of res.records) {
        const s = secondsOf(r);
        if (s === null) continue;
        oldestSeen = Math.min(oldestSeen, s);
        if (s >= floorS(from) && s <= floorS(upper)) records.push(r);
      }
      if (res.records.length === 0 || oldestSeen < floorS(from) || page >= res.pages) {
        reachedFrom = true;
        break;
      }
    }
    // A chat too busy to read back to `from` in one run: only what was read is covered.
    if (!reachedFrom) toS = Math.min(toS, oldestSeen);
  }
  const last = batch.at(-1);
  if (active.length > batch.length && last) {
    return { records, to: from, calls, mode: 'chats', cursor: { at: last.lastMessageAt!, jid: last.remoteJid } };
  }
  const to = new Date(Math.max(toS * SECOND, from.getTime()));
  return { records: records.filter((r) => (secondsOf(r) ?? 0) <= toS), to, calls, mode: 'chats' };
}
