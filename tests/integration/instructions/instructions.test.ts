import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handBack } from '../../../src/handoff/index.js';
import { parseInstructionNote, quotesInstruction, recordInstructionNote } from '../../../src/instructions/index.js';
import { fixedClock } from '../../../src/shared/index.js';
import { inboundFrom } from '../../helpers/evolution-fixture.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

describe('parseInstructionNote', () => {
  it('reads notes addressed to Júlia, whatever the case, accents or leading blanks', () => {
    expect(parseInstructionNote('@julia oferece até R$ 1.800 pra esse médico')).toEqual({ kind: 'instruction', body: 'oferece até R$ 1.800 pra esse médico' });
    expect(parseInstructionNote('  /JÚLIA: não fale de sábado')).toEqual({ kind: 'instruction', body: 'não fale de sábado' });
    expect(parseInstructionNote('[@Júlia](mention://user/7/J%C3%BAlia) priorize o plantão noturno')).toEqual({ kind: 'instruction', body: 'priorize o plantão noturno' });
    expect(parseInstructionNote('@Julia revogar')).toEqual({ kind: 'revoke' });
    expect(parseInstructionNote('/julia cancela tudo.')).toEqual({ kind: 'revoke' });
    expect(parseInstructionNote('@julia')).toEqual({ kind: 'empty' });
  });

  it('leaves every other note alone', () => {
    expect(parseInstructionNote('médico pediu pra ligar amanhã')).toBeUndefined();
    expect(parseInstructionNote('falar com @julia depois')).toBeUndefined();
    expect(parseInstructionNote('@juliana pode ver isso?')).toBeUndefined();
    expect(parseInstructionNote('/juliacancelar')).toBeUndefined();
  });
});

describe('quotesInstruction', () => {
  const instruction = 'pode oferecer até R$ 1.800 se ele insistir muito no valor';
  it('catches the instruction repeated word for word, whatever the case and punctuation', () => {
    expect(quotesInstruction('Olha, PODE OFERECER ATÉ R$ 1.800, se ele insistir!', [instruction])).toBe(true);
    expect(quotesInstruction('a supervisão disse: não fale de sábado com ele', ['não fale de sábado com ele'])).toBe(true);
  });
  it('lets a paraphrase through', () => {
    expect(quotesInstruction('consigo chegar em R$ 1.800 pra você, fechamos?', [instruction])).toBe(false);
    expect(quotesInstruction('tudo certo', ['oi'])).toBe(false);
  });
});

describe('supervisor instructions store', () => {
  let db: TestDb;
  const clock = fixedClock(new Date());
  let seq = 0;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  async function conversation(chatwootId: number) {
    seq++;
    const r = await db.rpc<{ conversationId: string }>('inbound_persist', {
      p_message: inboundFrom('text-conversation', { id: `INSTR-${seq}-${Date.now()}`, remoteJid: `55119866${String(seq).padStart(5, '0')}@s.whatsapp.net` }),
    });
    await db.pg.query(`update conversations set chatwoot_conversation_id = $1 where id = $2`, [chatwootId, r.conversationId]);
    return r.conversationId;
  }
  const active = (conversationId: string) => db.rpc<Array<{ body: string }>>('conversation_instructions_active', { p_conversation_id: conversationId, p_now: clock.now() });

  it('stores a note once, acknowledges it under one key, and shows it until it expires', async () => {
    const conv = await conversation(9101);
    const notes: Array<{ key: string; text: string }> = [];
    const deps = { db, now: () => clock.now(), ttlHours: 24, note: async (n: { key: string; text: string }) => void notes.push(n) };
    const note = { chatwootConversationId: 9101, chatwootMessageId: 555001, agentId: '7', content: '@julia pode oferecer até R$ 1.800' };
    expect(await recordInstructionNote(deps, note)).toBe('instruction');
    // Chatwoot redelivers: stored once; the acknowledgement keeps its key (its job id), so it posts once.
    expect(await recordInstructionNote(deps, note)).toBe('instruction');
    expect((await active(conv)).map((i) => i.body)).toEqual(['pode oferecer até R$ 1.800']);
    expect(new Set(notes.map((n) => n.key)).size).toBe(1);
    expect(notes[0]!.text).toMatch(/instrução recebida/);
    const events = await db.pg.query(`select 1 from business_events where event_type = 'supervisor_instruction' and conversation_id = $1`, [conv]);
    expect(events.rows).toHaveLength(1);
    expect(await recordInstructionNote(deps, { ...note, chatwootMessageId: 555002, content: 'lembrar de ligar pra ele' })).toBeUndefined();
    clock.set(new Date(clock.now().getTime() + 25 * 3_600_000));
    expect(await active(conv)).toEqual([]);
  });

  it('a revocation removes every active instruction and is acknowledged', async () => {
    const conv = await conversation(9102);
    const notes: string[] = [];
    const deps = { db, now: () => clock.now(), ttlHours: 24, note: async (n: { text: string }) => void notes.push(n.text) };
    await recordInstructionNote(deps, { chatwootConversationId: 9102, chatwootMessageId: 555101, agentId: '7', content: '/julia não ofereça o plantão de sábado' });
    await recordInstructionNote(deps, { chatwootConversationId: 9102, chatwootMessageId: 555102, agentId: '8', content: '@julia priorize o noturno' });
    expect(await active(conv)).toHaveLength(2);
    expect(await recordInstructionNote(deps, { chatwootConversationId: 9102, chatwootMessageId: 555103, agentId: '7', content: '@julia revogar' })).toBe('instruction_revoked');
    expect(await active(conv)).toEqual([]);
    expect(notes.at(-1)).toMatch(/desconsidero/);
    // A later instruction counts again.
    await recordInstructionNote(deps, { chatwootConversationId: 9102, chatwootMessageId: 555104, agentId: '7', content: '@julia chame de doutora' });
    expect((await active(conv)).map((i) => i.body)).toEqual(['chame de doutora']);
  });

  it('an instruction and a hand-back at the same moment both take effect', async () => {
    const conv = await conversation(9103);
    await db.rpc('conversation_set_control', { p_conversation_id: conv, p_controlled_by: 'human', p_reason: 'supervisor_reply', p_actor: 'chatwoot:7' });
    const deps = { db, now: () => clock.now(), ttlHours: 24 };
    const [stored, back] = await Promise.all([
      recordInstructionNote(deps, { chatwootConversationId: 9103, chatwootMessageId: 555201, agentId: '7', content: '@julia ofereça só vagas noturnas' }),
      handBack({ db, now: () => clock.now() }, { chatwootConversationId: 9103, actor: 'chatwoot', via: 'resolved' }),
    ]);
    expect(stored).toBe('instruction');
    expect(back.status).toBe('handed_back');
    const row = await db.pg.query<{ controlled_by: string }>(`select controlled_by from conversations where id = $1`, [conv]);
    expect(row.rows[0]!.controlled_by).toBe('julia');
    // Júlia's first turn after the hand-back sees the instruction.
    expect((await active(conv)).map((i) => i.body)).toEqual(['ofereça só vagas noturnas']);
  });

  it('a note for a conversation we do not know is not stored', async () => {
    expect(await recordInstructionNote({ db, now: () => clock.now(), ttlHours: 24 }, { chatwootConversationId: 999_999, chatwootMessageId: 555301, agentId: '7', content: '@julia oi' })).toBe('unknown_conversation');
  });
});
