import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '../../src/db/index.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { inboundDone as inboundStored, startServed, type Served } from './served.js';

// Issue 26, findings 5 and 7 through a started `julia serve`: Evolution's reject-call message
// (fromMe) is no take-over, and a doctor's away message is never answered.


describe('senders through a started service', () => {
  let s: Served;
  let replies = 0;
  beforeAll(async () => {
    s = await startServed({ anthropic: () => ({ text: `Oi! Aqui é a Júlia (${++replies}), me conta o que vc procura` }) });
    // As an operator who did not set EVOLUTION_REJECT_CALL_MESSAGE: the text is known by what it says.
    await s.start();
  }, 90_000);
  afterAll(() => s.close());

  const inboundDone = (id: string) => inboundStored(s, id);
  const repliesTo = (number: string) => s.evolution.sentTexts().filter((t) => t.number === number);
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('finding 5: after Evolution rejects a call with its own message, the doctor\'s next message is answered', async () => {
    const phone = '5511976550001';
    const jid = `${phone}@s.whatsapp.net`;
    expect((await s.post(evolutionPayload('v2.2-reject-call-message', { id: '3EB0SRV5A1B2C3D4E5F6A7', remoteJid: jid }))).status).toBe(200);
    await inboundDone('3EB0SRV5A1B2C3D4E5F6A7');
    expect((await s.post(evolutionPayload('text-conversation', { id: 'SRV-SND-5', remoteJid: jid, text: 'oi, liguei agora. tem plantão sábado?' }))).status).toBe(200);
    await waitFor(() => repliesTo(phone).length >= 1, { timeoutMs: 30_000, what: 'the answer after the rejected call' });
  });

  it('finding 7: a doctor\'s away message is not answered; his own message afterwards is', async () => {
    const phone = '5511976550002';
    const jid = `${phone}@s.whatsapp.net`;
    expect((await s.post(evolutionPayload('v2.2-away-message', { id: '3A9FSRV7AWAY0000001', remoteJid: jid }))).status).toBe(200);
    await inboundDone('3A9FSRV7AWAY0000001');
    await pause(2_500);
    expect(repliesTo(phone)).toEqual([]);
    expect((await s.post(evolutionPayload('text-conversation', { id: 'SRV-SND-7', remoteJid: jid, text: 'voltei, pode falar' }))).status).toBe(200);
    await waitFor(() => repliesTo(phone).length >= 1, { timeoutMs: 30_000, what: 'the answer to his own message' });
    await pause(1_000);
    expect(repliesTo(phone)).toHaveLength(1);
  });

  it('the database agrees: no take-over recorded, the away message stored and marked', async () => {
    expect(await s.stop()).toBe(0);
    const db = await createPgliteDb({ dataDir: s.dataDir });
    try {
      const q = async (sql: string) => Number((await db.pg.query<{ n: number }>(sql)).rows[0]!.n);
      expect(await q(`select count(*)::int n from business_events where event_type = 'human_took_over'`)).toBe(0);
      expect(await q(`select count(*)::int n from inbound_auto_replies a join interactions i on i.id = a.interaction_id where i.provider_message_id = '3A9FSRV7AWAY0000001'`)).toBe(1);
    } finally {
      await db.close();
    }
  });
});
