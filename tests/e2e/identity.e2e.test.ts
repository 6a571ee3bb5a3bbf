import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '../../src/db/index.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { inboundDone as inboundStored, startServed, type Served } from './served.js';

const PHONE = '5511976540001';
const LID = '188800000000001';

/**
 * Issue 9, finding 1 through a started `julia serve`: a doctor known by phone who
 * writes once from a bare @lid chat, then from a chat carrying both, is one
 * person, and that last message is stored and answered instead of failing
 * `doctors_whatsapp_lid_key` on every retry.
 */
describe('identity through a started service', () => {
  let s: Served;
  let replies = 0;
  beforeAll(async () => {
    // Each reply differs, so outbound dedupe never hides a second answer.
    s = await startServed({ anthropic: () => ({ text: `Oi! Aqui é a Júlia (${++replies}), me conta o que vc procura` }) });
    await s.start();
  }, 90_000);
  afterAll(() => s.close());

  const inboundDone = (id: string) => inboundStored(s, id);
  const repliesTo = (number: string) => s.evolution.sentTexts().filter((t) => t.number === number).length;

  it('phone, then bare lid, then both: one doctor, every message stored, the last one answered', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await s.post(evolutionPayload('text-conversation', { id: 'SRV-ID-1', remoteJid: `${PHONE}@s.whatsapp.net`, text: 'oi, tem plantão?', timestamp: now }))).status).toBe(200);
    await inboundDone('SRV-ID-1');
    await waitFor(() => repliesTo(PHONE) >= 1, { timeoutMs: 30_000, what: 'the first reply' });

    expect((await s.post(evolutionPayload('lid-without-alt', { id: 'SRV-ID-2', remoteJid: `${LID}@lid`, text: 'de noite', timestamp: now + 1 }))).status).toBe(200);
    await inboundDone('SRV-ID-2');

    const both = evolutionPayload('lid-with-alt', { id: 'SRV-ID-3', remoteJid: `${LID}@lid`, text: 'sábado serve', timestamp: now + 2 });
    both.data.key.remoteJidAlt = `${PHONE}@s.whatsapp.net`;
    expect((await s.post(both)).status).toBe(200);
    await inboundDone('SRV-ID-3');
    await waitFor(() => repliesTo(PHONE) >= 2, { timeoutMs: 30_000, what: 'the answer to the message carrying both identifiers' });

    expect(await s.stop()).toBe(0);
    const db = await createPgliteDb({ dataDir: s.dataDir });
    try {
      const doctors = (await db.pg.query<{ id: string; phone: string; whatsapp_lid: string }>(
        `select id, phone, whatsapp_lid from doctors where phone = $1 or whatsapp_lid = $2`, [PHONE, LID],
      )).rows;
      expect(doctors).toEqual([{ id: doctors[0]!.id, phone: PHONE, whatsapp_lid: LID }]);
      const msgs = (await db.pg.query<{ provider_message_id: string; doctor_id: string; handled: boolean }>(
        `select i.provider_message_id, i.doctor_id, exists (select 1 from inbound_handled h where h.interaction_id = i.id) handled
         from interactions i where i.direction = 'inbound' order by i.provider_message_id`,
      )).rows;
      expect(msgs.map((m) => m.provider_message_id)).toEqual(['SRV-ID-1', 'SRV-ID-2', 'SRV-ID-3']);
      expect(msgs.every((m) => m.doctor_id === doctors[0]!.id)).toBe(true);
      expect(msgs.find((m) => m.provider_message_id === 'SRV-ID-3')!.handled).toBe(true);
    } finally {
      await db.close();
    }
    expect(s.stderr()).not.toMatch(/doctors_whatsapp_lid_key/);
  }, 120_000);
});
