import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import type { SlackNotifier } from '../src/integrations/slack/index.js';
import { parseBriefing, type DocumentReader } from '../src/slack/index.js';
import { errorMessage, scrubPersonalData, type Clock, type Logger } from '../src/shared/index.js';
import { defineJob } from './job-definition.js';

/** Spec 6, "briefing sync": on business-day mornings (BRIEFING_SYNC_CRON), and whenever enqueued by hand. */
export const briefingSyncJob = defineJob({
  queue: 'scheduled', payload: z.object({}), attempts: 3, backoffMs: 60_000, timeoutMs: 120_000,
  schedule: (config) => [{ pattern: config.BRIEFING_SYNC_CRON }],
});

interface StoredDirective {
  kind: string;
  text: string;
  scopeLabel: string;
  maxValueCents: number | null;
  minValueCents: number | null;
}
export interface SyncResult {
  added: StoredDirective[];
  revoked: StoredDirective[];
  unresolved: Array<{ text: string; why: string }>;
}

const brl = (c: number) => `R$ ${Math.floor(c / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(c % 100).padStart(2, '0')}`;
const flat = (s: string, max = 240) => s.replace(/\s+/g, ' ').trim().slice(0, max);

function line(d: StoredDirective): string {
  const limits = [d.minValueCents ? `mínimo ${brl(d.minValueCents)}` : '', d.maxValueCents ? `máximo ${brl(d.maxValueCents)}` : ''].filter(Boolean);
  return `• [${d.kind}] ${flat(d.scopeLabel, 120)}: "${flat(d.text)}"${limits.length ? ` (margem: ${limits.join(', ')})` : ''}`;
}

/** The difference in words for the managers' channel; personal data scrubbed (the notifier escapes mrkdwn). */
export function formatSyncDiff(r: SyncResult): string {
  return scrubPersonalData(
    [
      `Briefing do dia sincronizado: ${r.added.length} diretriz(es) nova(s), ${r.revoked.length} revogada(s).`,
      ...(r.added.length ? ['Novas:', ...r.added.map(line)] : []),
      ...(r.revoked.length ? ['Revogadas (saíram do documento):', ...r.revoked.map(line)] : []),
      ...(r.unresolved.length ? ['Não gravadas (hospital ou especialidade não encontrados):', ...r.unresolved.map((u) => `• "${flat(u.text)}"`)] : []),
    ].join('\n'),
  );
}

/** A bare document id or a pasted link → the link the reader takes, and the source key the directives carry. */
export function briefingDocument(idOrUrl: string): { url: string; source: string } {
  const id = /\/document\/d\/([A-Za-z0-9_-]{10,})/.exec(idOrUrl)?.[1] ?? idOrUrl.trim();
  return { url: `https://docs.google.com/document/d/${id}/edit`, source: `briefing:${id}` };
}

/**
 * Re-reads the configured briefing document and stores what changed as
 * directives: new items added, items gone revoked, the rest untouched (one SQL
 * function under a per-document lock, so a run twice or two at once make one
 * change set). Only a difference is posted; no document configured, nothing done.
 */
export function briefingSyncHandler(deps: { db: Db; documents: DocumentReader; notices: SlackNotifier; clock: Clock; logger: Logger; docId?: string }) {
  let toldUnconfigured = false;
  return async (): Promise<SyncResult | { skipped: 'no_document' }> => {
    if (!deps.docId) {
      if (!toldUnconfigured) deps.logger.info('briefing sync: BRIEFING_DOC_ID is not set, nothing to sync');
      toldUnconfigured = true;
      return { skipped: 'no_document' };
    }
    const doc = briefingDocument(deps.docId);
    const items = parseBriefing(await deps.documents.read(doc.url));
    // An empty or unreadable export must not revoke every directive: the read above throws, and an empty parse is refused.
    if (items.length === 0) throw new Error('briefing sync: no directives found in the document; nothing changed');
    const result = await deps.db.rpc<SyncResult>('directive_sync', { p_source: doc.source, p_items: items, p_by: 'briefing-sync', p_now: deps.clock.now() });
    if (result.unresolved.length) deps.logger.warn({ unresolved: result.unresolved.length }, 'briefing sync: lines naming a hospital or specialty that was not found');
    // Only a change is posted, once: the change sets wait in SQL until posted, claimed for a
    // lease, so a run at the same time finds them taken and a run after a crash posts them.
    const pending = await deps.db.rpc<Array<{ id: number; diff: SyncResult }>>('directive_sync_claim', { p_source: doc.source, p_now: deps.clock.now() });
    for (const run of pending) {
      try {
        await deps.notices.post(formatSyncDiff(run.diff));
        await deps.db.rpc('directive_sync_done', { p_id: run.id, p_posted: true, p_now: deps.clock.now() });
      } catch (err) {
        deps.logger.warn({ err: errorMessage(err) }, 'briefing sync: could not post the difference; the next run retries');
        await deps.db.rpc('directive_sync_done', { p_id: run.id, p_posted: false, p_now: deps.clock.now() });
      }
    }
    return result;
  };
}
