import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectBotSuspicion, detectHandoff, detectOptOut } from '../../../src/classify/index.js';
import { runTurn } from '../../../src/pipeline/index.js';
import { validateOutput } from '../../../src/pipeline/validate-output.js';
import { inboundFrom } from '../../helpers/evolution-fixture.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { agentReply, harness, inbound, REPLIES } from './pipeline-harness.js';

/** "para de me mandar mensagem" in the disguises a spammer or an annoyed doctor actually uses. */
const DISGUISED_OPT_OUTS: Array<[string, string]> = [
  ['mathematical bold', '𝐏𝐀𝐑𝐀 𝐃𝐄 𝐌𝐄 𝐌𝐀𝐍𝐃𝐀𝐑 𝐌𝐄𝐍𝐒𝐀𝐆𝐄𝐌'],
  ['mathematical italic', '𝘱𝘢𝘳𝘢 𝘥𝘦 𝘮𝘦 𝘮𝘢𝘯𝘥𝘢𝘳 𝘮𝘦𝘯𝘴𝘢𝘨𝘦𝘮'],
  ['fullwidth', 'ｐａｒａ ｄｅ ｍｅ ｍａｎｄａｒ ｍｅｎｓａｇｅｍ'],
  ['zero-width spliced', 'p\u200Ba\u200Br\u200Ba de me m\u200Ca\u200Dn\u2060d\uFEFFa\u00ADr mensagem'],
  ['bidi marks', '\u202Epara\u202C de me \u200Fmandar\u200E mensagem'],
  ['cyrillic look-alikes', 'раrа de me mаndаr mensаgem'],
  ['variation selectors', 'pa\uFE0Fra de me mandar\uFE0E mensagem'],
];

describe('one normalization for every detector and validator (finding 4)', () => {
  it.each(DISGUISED_OPT_OUTS)('detects an opt-out in %s', (_name, text) => {
    expect(detectOptOut(text)).toMatchObject({ optOut: true });
  });

  it('detects disguised hand-off and bot questions too', () => {
    expect(detectHandoff('𝐪𝐮𝐞𝐫𝐨 𝐟𝐚𝐥𝐚𝐫 𝐜𝐨𝐦 𝐮𝐦 𝐡𝐮𝐦𝐚𝐧𝐨').handoff).toBe(true);
    expect(detectBotSuspicion('ｖｏｃｅ　ｅ　ｕｍ　ｒｏｂｏ？').suspicious).toBe(true);
  });

  it('validates output through the same normalization', () => {
    expect(validateOutput('Como uma 𝐈𝐀, não posso', '').map((v) => v.id)).toContain('ai_self_reference');
    expect(validateOutput('Sou do time da ｃｈａｔｇｐｔ', '').map((v) => v.id)).toContain('ai_self_reference');
    expect(validateOutput('Atencio\u200Bsamente, a equipe', '').map((v) => v.id)).toContain('corporate');
  });

  it('leaves ordinary Portuguese alone', () => {
    expect(detectOptOut('para de chover que eu vou no plantão').optOut).toBe(false);
    expect(detectOptOut('pode me mandar as vagas de sábado?').optOut).toBe(false);
  });
});

describe('pipeline edges on a real database', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb({ seed: true });
  });
  afterAll(() => db.close());
  const one = async <T>(sql: string, params: unknown[] = []) => (await db.pg.query<T>(sql, params)).rows[0]!;

  it.each(DISGUISED_OPT_OUTS.map(([name, text], i) => [name, text, `55119333100${String(i).padStart(2, '0')}`]))(
    'a disguised opt-out (%s) is confirmed as an opt-out, never answered by the model',
    async (_name, text, phone) => {
      const conv = await inbound(db, phone, [text]);
      const h = harness(db);
      const out = await runTurn(conv, h.deps);
      expect(out.stoppedBy).toEqual({ processor: 'opt_out', reason: 'opt_out' });
      expect(h.agentCalls).toHaveLength(0);
      expect(h.sent.map((s) => s.text)).toEqual(REPLIES.optOutConfirmation);
      const state = await one<{ permission_state: string }>(
        `select s.permission_state from doctor_state s join doctors d on d.id = s.doctor_id where d.phone = $1`,
        [phone],
      );
      expect(state.permission_state).toBe('opted_out');
    },
  );

  it('gives the model the head and the tail of a long text, says it was cut, and answers', async () => {
    const text = `COMECO ${'blá '.repeat(2_000)} pergunta no fim: tem vaga sábado? FIM`;
    const conv = await inbound(db, '5511933320001', [text]);
    const h = harness(db, [agentReply('Tenho sim!')]);
    const out = await runTurn(conv, h.deps);
    expect(out.status).toBe('replied');
    const seen = h.agentCalls[0]!.history.at(-1)!.text;
    expect(seen.length).toBeLessThanOrEqual(4_200);
    expect(seen.startsWith('COMECO')).toBe(true);
    expect(seen.endsWith('tem vaga sábado? FIM')).toBe(true);
    expect(seen).toMatch(/mensagem longa: \d+ caracteres do meio foram cortados/);
    expect(h.sent.map((s) => s.text)).toEqual(['Tenho sim!']);
  });

  it('answers a huge text with the LongMessage reply and keeps it out of later turns whole', async () => {
    const phone = '5511933320002';
    const conv = await inbound(db, phone, [`${'texto enorme '.repeat(40_000)}fim`]);
    const first = harness(db);
    const out = await runTurn(conv, first.deps);
    expect(out.stoppedBy).toEqual({ processor: 'long_message', reason: 'message_too_long' });
    expect(first.sent.map((s) => s.text)).toEqual(REPLIES.longMessage);
    await inbound(db, phone, ['resumindo: quero plantão noturno']);
    const second = harness(db, [agentReply('Anotado!')]);
    await runTurn(conv, second.deps);
    for (const m of second.agentCalls[0]!.history) expect(m.text.length).toBeLessThanOrEqual(4_200);
    expect(second.agentCalls[0]!.history.at(-1)!.text).toBe('resumindo: quero plantão noturno');
  });

  it('never fetches a photo whose declared size is over what the model takes', async () => {
    const big = inboundFrom('image-caption', { id: 'EDGE-BIG-IMG', remoteJid: '5511933320003@s.whatsapp.net', timestamp: 1_800_000_100 });
    expect(big.extra).toEqual({ fileLength: 183_245 });
    const r = await db.rpc<{ conversationId: string }>('inbound_persist', { p_message: { ...big, extra: { fileLength: 40_000_000 } } });
    const h = harness(db, [agentReply('Recebi a foto!')]);
    const fetched: string[] = [];
    h.deps.fetchImage = async (_i, _c, id) => {
      fetched.push(id);
      return { mediaType: 'image/png', data: 'iVBORw0KGgo=' };
    };
    await runTurn(r.conversationId, h.deps);
    expect(fetched).toEqual([]);
    expect(h.agentCalls[0]!.history.at(-1)!.text).toMatch(/^\[enviou uma foto\]/);

    const small = inboundFrom('image-caption', { id: 'EDGE-SMALL-IMG', remoteJid: '5511933320004@s.whatsapp.net', timestamp: 1_800_000_101 });
    const r2 = await db.rpc<{ conversationId: string }>('inbound_persist', { p_message: small });
    const h2 = harness(db, [agentReply('Recebi a foto!')]);
    h2.deps.fetchImage = h.deps.fetchImage;
    await runTurn(r2.conversationId, h2.deps);
    expect(fetched).toEqual(['EDGE-SMALL-IMG']);
  });
});
