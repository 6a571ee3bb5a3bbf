import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '../../src/db/index.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { settle, startE2E, type E2E } from './e2e-harness.js';
import { inboundDone, startServed, type Served } from './served.js';

// Issue 26, finding 6: a doctor who asks the same thing twice gets the same answer twice.
// The model is scripted to answer every question with exactly the same text, so only the
// reply's own key (the message it answers) can tell the two answers apart.
const ANSWER = 'O Hospital Santa Clara fica na Rua das Acácias, 250, Mooca. A entrada dos plantonistas é pelo portão lateral.';
const QUESTION = 'qual o endereço do hospital mesmo?';

describe('the same answer twice, in process (webhook → turn → outbound → Evolution)', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({ anthropic: () => ({ text: ANSWER }) });
  });
  afterAll(() => e?.close());

  it('two identical questions get two identical answers, each once', async () => {
    const jid = '5511970000261@s.whatsapp.net';
    const now = Math.floor(Date.now() / 1000);
    await e.post(evolutionPayload('text-conversation', { id: 'SAME-1', text: QUESTION, remoteJid: jid, timestamp: now }));
    await waitFor(() => e.evolution.sentTexts().filter((s) => s.number === '5511970000261').length === 1, { timeoutMs: 20_000, what: 'the first answer' });
    await e.post(evolutionPayload('text-conversation', { id: 'SAME-2', text: QUESTION, remoteJid: jid, timestamp: now + 30 }));
    await waitFor(() => e.evolution.sentTexts().filter((s) => s.number === '5511970000261').length === 2, { timeoutMs: 20_000, what: 'the second answer' });
    await settle(800);
    expect(e.evolution.sentTexts().filter((s) => s.number === '5511970000261').map((s) => s.text)).toEqual([ANSWER, ANSWER]);
    const outcomes = (await e.db.pg.query<{ event_type: string }>(
      `select be.event_type from business_events be join doctors d on d.id = be.doctor_id
       where d.phone = '5511970000261' and be.event_type in ('doctor_outbound', 'outbound_blocked', 'outbound_deduped', 'outbound_bypass') order by be.id`,
    )).rows.map((r) => r.event_type);
    expect(outcomes).toEqual(['doctor_outbound', 'doctor_outbound']);
    const report = await e.db.rpc<{ checks: Array<{ id: string; violations: number }> }>('julia_invariants', { p_since: new Date(Date.now() - 3_600_000) });
    expect(report.checks.filter((c) => c.violations > 0)).toEqual([]);
  });
});

describe('the same answer twice through a started service (julia serve)', () => {
  let s: Served;
  beforeAll(async () => {
    s = await startServed({ anthropic: () => ({ text: ANSWER }) });
    await s.start();
  }, 90_000);
  afterAll(() => s?.close());

  it('both answers reach Evolution, and `julia invariants` is clean afterwards', { timeout: 120_000 }, async () => {
    const phone = '5511970000262';
    const answers = () => s.evolution.sentTexts().filter((t) => t.number === phone);
    const now = Math.floor(Date.now() / 1000);
    expect((await s.post(evolutionPayload('text-conversation', { id: 'SRV-SAME-1', remoteJid: `${phone}@s.whatsapp.net`, text: QUESTION, timestamp: now }))).status).toBe(200);
    await inboundDone(s, 'SRV-SAME-1');
    await waitFor(() => answers().length === 1, { timeoutMs: 30_000, what: 'the first answer' });
    expect((await s.post(evolutionPayload('text-conversation', { id: 'SRV-SAME-2', remoteJid: `${phone}@s.whatsapp.net`, text: QUESTION, timestamp: now + 40 }))).status).toBe(200);
    await inboundDone(s, 'SRV-SAME-2');
    await waitFor(() => answers().length === 2, { timeoutMs: 30_000, what: 'the second answer' });
    await new Promise((r) => setTimeout(r, 800));
    expect(answers().map((t) => t.text)).toEqual([ANSWER, ANSWER]);

    expect(await s.stop()).toBe(0);
    const db = await createPgliteDb({ dataDir: s.dataDir });
    try {
      const rows = (await db.pg.query<{ status: string; method: string }>(
        `select m.status, m.method from outbound_messages m join doctors d on d.id = m.doctor_id where d.phone = $1 order by m.created_at`,
        [phone],
      )).rows;
      expect(rows).toEqual([{ status: 'sent', method: 'REPLY' }, { status: 'sent', method: 'REPLY' }]);
    } finally {
      await db.close();
    }
    // The operator's check, as an operator runs it, on the service's own data.
    const cli = spawn(process.execPath, [join(import.meta.dirname, '../../src/julia.mjs'), 'invariants', '--hours', '2'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATA_DIR: s.dataDir, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    cli.stdout!.on('data', (d) => (out += String(d)));
    cli.stderr!.on('data', (d) => (out += String(d)));
    const code = await new Promise<number | null>((r) => cli.once('exit', r));
    expect(out).toMatch(/all invariants hold/);
    expect(code).toBe(0);
  });
});
