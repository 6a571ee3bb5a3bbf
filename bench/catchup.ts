/**
 * What one catch-up run costs in Evolution calls (issue 16, docs/decisions/0010):
 * 1,000 active chats in the Evolution fake, the real catch-up run against a
 * migrated PGlite, counting the HTTP requests the fake receives.
 *
 *   node --import tsx bench/catchup.ts [chats=1000]
 *
 * Scenarios: steady state (every message already stored: the normal case),
 * a broken webhook (nothing stored), a 6-hour reconnect rewind, and an old
 * Evolution without the time filter (chat by chat).
 */
import { performance } from 'node:perf_hooks';
import { CATCHUP_DEFAULTS, runCatchup, type CatchupRequest } from '../src/catchup/index.js';
import { createPgliteDb, migrate } from '../src/db/index.js';
import { createEvolutionHistory } from '../src/integrations/evolution/index.js';
import { silentLogger, systemClock, type JobQueue } from '../src/shared/index.js';
import '../workers/catalog.js';
import { startEvolutionFake, storedText } from '../tests/fakes/index.js';

const chats = Number(process.argv[2] ?? 1000);
const INSTANCE = 'bench';
const log = (msg: string) => process.stderr.write(`[bench:catchup] ${msg}\n`);

const evolution = await startEvolutionFake();
const history = createEvolutionHistory({ baseUrl: evolution.url, apiKey: evolution.apiKey });

interface Scenario { name: string; perChat: number; spanS: number; timeFilter: boolean; reason: CatchupRequest['reason']; stored: boolean; olderPerChat?: number }
const scenarios: Scenario[] = [
  { name: 'steady state, 1 message per chat in a 3-minute window, all already stored', perChat: 1, spanS: 110, timeFilter: true, reason: 'schedule', stored: true },
  { name: 'webhook broken, 2 messages per chat in the window, none stored', perChat: 2, spanS: 110, timeFilter: true, reason: 'schedule', stored: false },
  { name: 'reconnect: 6-hour rewind, 10 messages per chat', perChat: 10, spanS: 6 * 3600 - 120, timeFilter: true, reason: 'reconnect', stored: true },
  { name: 'Evolution < 2.2 (no time filter): by active chats, 1 message per chat (+3 older each)', perChat: 1, spanS: 110, timeFilter: false, reason: 'schedule', stored: true, olderPerChat: 3 },
];

const results = [];
for (const s of scenarios) {
  const db = await createPgliteDb({});
  await migrate(db, { logger: silentLogger });
  evolution.reset();
  evolution.history.clear();
  evolution.history.options.timeFilter = s.timeFilter;
  const now = Math.floor(Date.now() / 1000);
  const ids: string[] = [];
  for (let c = 0; c < chats; c++) {
    const jid = `55119${String(70000000 + c)}@s.whatsapp.net`;
    for (let k = 0; k < s.perChat; k++) {
      const id = `B${c}-${k}`;
      ids.push(id);
      evolution.history.add(INSTANCE, storedText(id, jid, `mensagem ${k}`, now - 65 - Math.floor(((c * s.perChat + k) / (chats * s.perChat)) * s.spanS)));
    }
    // History from before the checkpoint: only a server ignoring the time filter returns it.
    for (let k = 0; k < (s.olderPerChat ?? 0); k++) evolution.history.add(INSTANCE, storedText(`OLD${c}-${k}`, jid, 'antiga', now - 3_600 - c - k * 600));
  }
  // The checkpoint where a scheduled run would find it: 3 minutes back (a rewind goes 6 hours before that).
  await db.rpc('catchup_start', { p_instance: INSTANCE, p_first_from: new Date((now - 180) * 1000) });
  const enqueued: Array<{ name: string; payload: any }> = [];
  const queue: JobQueue = { async enqueue(name, payload) { enqueued.push({ name, payload }); return { jobId: '' }; } };
  if (s.stored) {
    // "Already stored" = the inbound path persisted them; do it in bulk through the same SQL function.
    const { normalizeEvolution } = await import('../src/inbound/index.js');
    for (const m of evolution.history.all(INSTANCE).filter((x) => !x.key.id.startsWith('OLD'))) {
      const r = normalizeEvolution({ event: 'messages.upsert', instance: INSTANCE, data: m });
      if (r.status === 'message') await db.rpc('inbound_persist', { p_message: r.message });
    }
  }
  evolution.reset();
  const deps = { db, history, queue, clock: systemClock, logger: silentLogger, notices: { post: async () => {} }, options: { storeWaitMs: 0 }, deadLetters: { record: async () => {} } };
  const t0 = performance.now();
  let req: CatchupRequest = { instance: INSTANCE, reason: s.reason };
  const runs: number[] = [];
  for (let i = 0; i < 200; i++) {
    const before = evolution.requests.length;
    const summary = await runCatchup(deps, req);
    runs.push(evolution.requests.length - before);
    const next = enqueued.filter((j) => j.name === 'evolution-catchup').pop();
    // A run that cannot advance (recovered messages not stored: no inbound worker here) ends the scenario.
    if (!summary.continued || !next || !summary.advanced) break;
    req = next.payload;
  }
  results.push({
    scenario: s.name,
    chats,
    messagesInWindow: ids.length,
    runs: runs.length,
    evolutionCalls: runs.reduce((a, b) => a + b, 0),
    maxCallsPerRun: Math.max(...runs),
    recoveredEnqueued: enqueued.filter((j) => j.name === 'inbound').length,
    ms: Math.round(performance.now() - t0),
  });
  log(`${s.name}: done`);
  await db.close();
}
await evolution.close();
console.log(JSON.stringify({ pageSize: CATCHUP_DEFAULTS.pageSize, maxPages: CATCHUP_DEFAULTS.maxPages, maxChats: CATCHUP_DEFAULTS.maxChats, results }, null, 2));
