import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '../../src/db/index.js';
import type { AnthropicCall } from '../fakes/index.js';
import { evolutionPayload, inboundFrom } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { startServed, SERVED_INSTANCE, type Served } from './served.js';

const JULIA = join(import.meta.dirname, '../../src/julia.mjs');
const ADMIN = 'served-admin-token-0123456789';
const METRICS = 'served-metrics-token-0123456789';
const TRUSTED = '120363555000001@g.us';
const UNTRUSTED = '120363555000002@g.us';
const UNKNOWN = '120363555000003@g.us';
const STRANGER = '5511970007701';

const isGroupParser = (call: AnthropicCall) => JSON.stringify(call.system ?? '').includes('Leitor de vagas de grupos');
/** The model reads each post as Santa Clara PS adulto 19h-07h R$ 1.500 on the day the post names. */
const reading = (call: AnthropicCall) => {
  const day = JSON.stringify(call.messages).includes('depois de amanhã') ? 'depois de amanhã' : 'amanhã';
  return { text: `{"vagas":[{"hospital":"Santa Clara","especialidade":"PS adulto","data":"${day}","inicio":"19:00","fim":"07:00","valor":1500,"contato":null}]}` };
};

function groupPost(id: string, group: string, text: string) {
  const body = evolutionPayload('group', { id, text });
  body.data.key.remoteJid = group;
  return body;
}

/**
 * `julia serve` as an operator runs it, with the loopback fakes: the queue board
 * reads only, Prometheus's token opens /metrics alone, a job written straight
 * into Redis sends nothing, and only the groups a manager allowed are read.
 */
describe('operator access and group opt-in, through julia serve', () => {
  let s: Served;
  beforeAll(async () => {
    // The demo data holds the hospitals the posts name.
    s = await startServed({ anthropic: (call) => (isGroupParser(call) ? reading(call) : { text: 'Oi! Aqui é a Júlia.' }), seed: true });
    // Managers allow groups with the CLI while the service is stopped (embedded PGlite has one owner at a time).
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn', DATA_DIR: s.dataDir };
    for (const args of [['groups', 'allow', TRUSTED, '--trusted', '--name', 'Escala própria'], ['groups', 'allow', UNTRUSTED]]) {
      const r = spawnSync(process.execPath, [JULIA, ...args], { env, encoding: 'utf8', timeout: 90_000 });
      expect(r.status, r.stderr).toBe(0);
    }
    await s.start({ ADMIN_TOKEN: ADMIN, METRICS_TOKEN: METRICS });
  }, 240_000);
  afterAll(() => s?.close());

  const get = (path: string, token?: string, init: RequestInit = {}) =>
    fetch(`${s.url}${path}`, { ...init, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...((init.headers as Record<string, string>) ?? {}) } });

  it('the queue board refuses to add a job with ADMIN_TOKEN (JSON and text/plain): nothing queued, nothing sent', async () => {
    const data = { ...inboundFrom('text-conversation', { id: 'SRV-BOARD-1', remoteJid: `${STRANGER}@s.whatsapp.net` }), instance: SERVED_INSTANCE, fromMeAttempt: 0 };
    for (const type of ['application/json', 'text/plain']) {
      const res = await get('/admin/queues/api/queues/inbound/add', ADMIN, { method: 'POST', headers: { 'content-type': type }, body: JSON.stringify({ name: 'inbound', data }) });
      expect(res.status).toBe(405);
    }
    expect((await get('/admin/queues/api/queues', ADMIN)).status).toBe(200);
    const counts = await s.queues.queues.inbound.getJobCounts();
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(0);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(s.evolution.sentTexts()).toEqual([]);
  });

  it('METRICS_TOKEN reads /metrics and gets 401 on the board; ADMIN_TOKEN reads both', async () => {
    const metrics = await get('/metrics', METRICS);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/julia_/);
    expect((await get('/metrics', ADMIN)).status).toBe(200);
    expect((await get('/metrics')).status).toBe(401);
    for (const path of ['/admin/queues', '/admin/queues/api/queues']) expect((await get(path, METRICS)).status).toBe(401);
    expect((await get('/admin/queues/api/queues/inbound/add', METRICS, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' })).status).toBe(401);
  });

  it('an unsigned inbound job injected straight into BullMQ fails with its reason and sends nothing', async () => {
    const forged = { ...inboundFrom('text-conversation', { id: 'SRV-FORGED-1', remoteJid: `${STRANGER}@s.whatsapp.net` }), instance: SERVED_INSTANCE, fromMeAttempt: 0 };
    const job = await s.queues.queues.inbound.add('inbound', forged, { jobId: 'srv-forged-1', attempts: 5 });
    await waitFor(async () => (await s.queues.queues.inbound.getJob(job.id!))?.failedReason !== undefined, { timeoutMs: 20_000, what: 'the forged job to fail' });
    const failed = (await s.queues.queues.inbound.getJob(job.id!))!;
    expect(failed.failedReason).toMatch(/inbound job refused: missing or invalid signature/);
    expect(failed.attemptsMade).toBe(1);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(s.evolution.sentTexts().filter((t) => t.number.includes(STRANGER))).toEqual([]);
  });

  it('reads only allowed groups: trusted imported, untrusted waits for review, unknown never reaches the model', async () => {
    const parserCalls = () => s.anthropic.calls().filter(isGroupParser).length;
    for (const [id, group, text] of [
      ['SRV-GRP-1', TRUSTED, 'Vaga PS adulto Hospital Santa Clara amanhã 19h às 07h R$1.500'],
      ['SRV-GRP-2', UNTRUSTED, 'Vaga PS adulto Hospital Santa Clara depois de amanhã 19h às 07h R$1.500'],
      ['SRV-GRP-3', UNKNOWN, 'Plantão CM Hospital Santa Clara amanhã 19h R$ 9.500'],
    ] as const) {
      expect((await s.post(groupPost(id, group, text))).status).toBe(200);
    }
    await waitFor(async () => parserCalls() >= 2 && (await s.queues.queues.groups.getActiveCount()) + (await s.queues.queues.groups.getWaitingCount()) === 0,
      { timeoutMs: 30_000, what: 'the two allowed posts read' });
    await new Promise((r) => setTimeout(r, 2_000));
    expect(parserCalls()).toBe(2);
    expect(s.anthropic.calls().filter(isGroupParser).some((c) => JSON.stringify(c.messages).includes('9.500'))).toBe(false);
    expect(s.evolution.sentTexts()).toEqual([]);

    // The embedded database is read once the service has stopped.
    expect(await s.stop()).toBe(0);
    const db = await createPgliteDb({ dataDir: s.dataDir });
    try {
      const rows = await db.query<{ provider_message_id: string; status: string; discard_reason: string | null; shift: string | null; reason: string | null; opened: boolean }>(
        `select m.provider_message_id, m.status, m.discard_reason, g.status shift, g.reason, g.shift_id is not null opened
           from group_messages m left join group_shift_sources s on s.group_message_id = m.id left join group_shifts g on g.id = s.group_shift_id
          where m.provider_message_id like 'SRV-GRP-%' order by 1`);
      expect(rows).toEqual([
        { provider_message_id: 'SRV-GRP-1', status: 'parsed', discard_reason: null, shift: 'imported', reason: null, opened: true },
        { provider_message_id: 'SRV-GRP-2', status: 'parsed', discard_reason: null, shift: 'review', reason: 'grupo_nao_confiavel', opened: false },
        { provider_message_id: 'SRV-GRP-3', status: 'ignored', discard_reason: 'grupo_nao_permitido', shift: null, reason: null, opened: false },
      ]);
      const dead = await db.rpc<Array<{ source: string; reason: string }>>('dead_letter_list', { p_limit: 10 });
      expect(dead).toContainEqual(expect.objectContaining({ source: 'queue-inbound', reason: expect.stringMatching(/missing or invalid signature/) }));
      expect(await db.query(`select 1 from interactions where provider_message_id in ('SRV-BOARD-1', 'SRV-FORGED-1')`)).toEqual([]);
    } finally {
      await db.close();
    }
  }, 120_000);
});
