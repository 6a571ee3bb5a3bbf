import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTurn } from '../../../src/pipeline/index.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { agentReply, harness, inbound, REPLIES } from './pipeline-harness.js';

describe('turn pipeline', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb({ seed: true });
  });
  afterAll(() => db.close());
  const one = async <T>(sql: string, params: unknown[] = []) => (await db.pg.query<T>(sql, params)).rows[0]!;

  it('answers pending messages once, as REPLY jobs with proof, and marks them handled', async () => {
    const conv = await inbound(db, '5511911110001', ['oi julia', 'tem plantao sabado?']);
    const h = harness(db, [agentReply('Oi! Tenho sim\n\nQuer que eu veja qual hospital?')]);
    const out = await runTurn(conv, h.deps);
    expect(out.status).toBe('replied');
    expect(h.agentCalls).toHaveLength(1);
    expect(h.agentCalls[0]!.history.at(-1)).toMatchObject({ role: 'doctor', text: 'oi julia\ntem plantao sabado?' });
    expect(h.sent.map((s) => s.text)).toEqual(['Oi! Tenho sim', 'Quer que eu veja qual hospital?']);
    const last = await one<{ id: string }>(`select id from interactions where conversation_id = $1 order by occurred_at desc limit 1`, [conv]);
    expect(h.sent[0]!.ctx).toMatchObject({ method: 'REPLY', inboundInteractionId: last.id, conversationId: conv, actor: 'julia' });
    expect(h.sent.map((s) => s.key)).toEqual([`reply-${last.id}-0`, `reply-${last.id}-1`]);
    expect(h.reads.flat()).toHaveLength(2);
    expect((await one<{ n: number }>(`select count(*)::int n from turn_metrics where conversation_id = $1`, [conv])).n).toBe(1);
    // The same turn armed again finds nothing pending.
    expect((await runTurn(conv, harness(db).deps)).status).toBe('noop');
  });

  it('re-sends the stored plan word for word when a turn is retried after a crash', async () => {
    const conv = await inbound(db, '5511911110002', ['quero ver vagas']);
    const first = harness(db, [agentReply('Primeira versão\n\nsegunda bolha')]);
    let calls = 0;
    const crashing = {
      ...first.deps,
      outbound: {
        async enqueueOutbound(...args: Parameters<typeof first.deps.outbound.enqueueOutbound>) {
          if (++calls === 2) throw new Error('process died');
          return first.deps.outbound.enqueueOutbound(...args);
        },
      },
    };
    await expect(runTurn(conv, crashing)).rejects.toThrow('process died');
    // The retry's model would say something else; the plan wins.
    const retry = harness(db, [agentReply('Outra coisa totalmente diferente')]);
    retry.sent.push(...first.sent);
    await runTurn(conv, retry.deps);
    expect(retry.sent.map((s) => s.text)).toEqual(['Primeira versão', 'segunda bolha']);
  });

  it('opts out in doctor_state, confirms once, and never calls the model', async () => {
    const conv = await inbound(db, '5511911110003', ['para de me mandar msg pfv']);
    const h = harness(db);
    const out = await runTurn(conv, h.deps);
    expect(out.stoppedBy).toEqual({ processor: 'opt_out', reason: 'opt_out' });
    expect(h.agentCalls).toHaveLength(0);
    expect(h.sent.map((s) => s.text)).toEqual(REPLIES.optOutConfirmation);
    const st = await one<{ permission_state: string }>(`select s.permission_state from doctor_state s join conversations c on c.doctor_id = s.doctor_id where c.id = $1`, [conv]);
    expect(st.permission_state).toBe('opted_out');
    expect((await one<{ n: number }>(`select count(*)::int n from business_events e join conversations c on c.doctor_id = e.doctor_id where c.id = $1 and e.event_type = 'permission_changed'`, [conv])).n).toBe(1);
    // Asking again does not send a second confirmation.
    await inbound(db, '5511911110003', ['ja pedi pra parar de me mandar mensagem']);
    const again = harness(db);
    await runTurn(conv, again.deps);
    expect(again.sent).toEqual([]);
  });

  it('under human control records the opt-out but sends nothing', async () => {
    const conv = await inbound(db, '5511911110004', ['oi']);
    await db.rpc('conversation_set_control', { p_conversation_id: conv, p_controlled_by: 'human', p_reason: 'test' });
    await runTurn(conv, harness(db, [agentReply('x')]).deps).catch(() => undefined);
    await inbound(db, '5511911110004', ['me tira dessa lista']);
    const h = harness(db);
    await runTurn(conv, h.deps);
    expect(h.sent).toEqual([]);
    const st = await one<{ permission_state: string }>(`select s.permission_state from doctor_state s join conversations c on c.doctor_id = s.doctor_id where c.id = $1`, [conv]);
    expect(st.permission_state).toBe('opted_out');
  });

  it('keeps a human-controlled conversation silent but visible, with an event', async () => {
    const conv = await inbound(db, '5511911110005', ['bom dia']);
    await db.rpc('conversation_set_control', { p_conversation_id: conv, p_controlled_by: 'human', p_reason: 'test' });
    const h = harness(db);
    const out = await runTurn(conv, h.deps);
    expect(out.stoppedBy?.processor).toBe('human_control');
    expect(h.sent).toEqual([]);
    expect(h.agentCalls).toEqual([]);
    expect((await one<{ n: number }>(`select count(*)::int n from business_events where conversation_id = $1 and event_type = 'inbound_under_human_control'`, [conv])).n).toBe(1);
  });

  it('answers a sincere "are you a bot?" honestly', async () => {
    const conv = await inbound(db, '5511911110006', ['vc é um robô?']);
    const h = harness(db);
    await runTurn(conv, h.deps);
    expect(h.sent.map((s) => s.text)).toEqual([REPLIES.botAnswer]);
    expect((await one<{ n: number }>(`select count(*)::int n from business_events where conversation_id = $1 and event_type = 'bot_question_answered'`, [conv])).n).toBe(1);
  });

  it('a bot question that also asks for a person hands off, honest about being an assistant in the same line', async () => {
    const conv = await inbound(db, '5511911110096', ['isso é um robô? quero falar com uma pessoa de verdade, agora']);
    const h = harness(db);
    const out = await runTurn(conv, h.deps);
    expect(out.stoppedBy?.reason).toMatch(/^handoff_/);
    expect(h.sent.map((s) => s.text)).toEqual(REPLIES.botHandoff);
    expect(h.handoffs).toHaveLength(1);
    expect((await one<{ n: number }>(`select count(*)::int n from business_events where conversation_id = $1 and event_type = 'bot_question_answered'`, [conv])).n).toBe(1);
  });

  it('asks to type when only a voice note arrives, and stays quiet for a lone sticker', async () => {
    const audio = await inbound(db, '5511911110007', [{ fixture: 'audio-ptt' }]);
    const h = harness(db);
    await runTurn(audio, h.deps);
    expect(h.sent.map((s) => s.text)).toEqual(REPLIES.audioRequest);
    const sticker = await inbound(db, '5511911110008', [{ fixture: 'sticker' }]);
    const h2 = harness(db);
    expect((await runTurn(sticker, h2.deps)).stoppedBy?.reason).toBe('nothing_to_answer');
    expect(h2.sent).toEqual([]);
  });

  it('describes media so the model never sees empty text', async () => {
    const conv = await inbound(db, '5511911110009', [{ fixture: 'location' }]);
    const h = harness(db, [agentReply('Vi sua localização!')]);
    await runTurn(conv, h.deps);
    expect(h.agentCalls[0]!.history.at(-1)!.text).toMatch(/^\[compartilhou a localização: Hospital São Lucas/);
  });

  it('truncates long messages for the model and asks for a summary of huge ones', async () => {
    const conv = await inbound(db, '5511911110010', ['a'.repeat(5_000)]);
    const h = harness(db, [agentReply('ok')]);
    await runTurn(conv, h.deps);
    expect(h.agentCalls[0]!.history.at(-1)!.text.length).toBeLessThan(4_100);
    const huge = await inbound(db, '5511911110011', ['b'.repeat(10_001)]);
    const h2 = harness(db);
    await runTurn(huge, h2.deps);
    expect(h2.sent.map((s) => s.text)).toEqual(REPLIES.longMessage);
  });

  it('hands off on a legal threat: one line to the doctor, human control, supervisors told once', async () => {
    const conv = await inbound(db, '5511911110012', ['se nao pagarem vou processar vcs']);
    const h = harness(db);
    const out = await runTurn(conv, h.deps);
    expect(out.status).toBe('handoff');
    expect(h.sent.map((s) => s.text)).toEqual(REPLIES.handoffMessages);
    expect(h.handoffs).toEqual([expect.objectContaining({ conversationId: conv, reason: 'legal_threat' })]);
    expect((await one<{ controlled_by: string }>(`select controlled_by from conversations where id = $1`, [conv])).controlled_by).toBe('human');
  });

  it('does not hand off a plain question about the process', async () => {
    const conv = await inbound(db, '5511911110013', ['como é o processo?']);
    const h = harness(db, [agentReply('Te explico!')]);
    expect((await runTurn(conv, h.deps)).status).toBe('replied');
  });

  it('regenerates a reply that breaks a rule, passing the violation as feedback', async () => {
    const conv = await inbound(db, '5511911110014', ['quais vagas tem?']);
    const h = harness(db, [agentReply('**Vagas:**\n- plantão A'), agentReply('Tenho umas opções pra vc, quer que eu te mande?')]);
    await runTurn(conv, h.deps);
    expect(h.agentCalls).toHaveLength(2);
    expect(h.agentCalls[1]!.context?.feedback?.[0]).toMatch(/^Reescreva: usa markdown ou lista/);
    expect(h.sent.map((s) => s.text)).toEqual(['Tenho umas opções pra vc, quer que eu te mande?']);
  });

  it('hands off with the draft after two failed regenerations: never silence', async () => {
    const conv = await inbound(db, '5511911110015', ['quanto paga?']);
    const bad = agentReply('O plantão paga R$ 9.999,00');
    const h = harness(db, [bad, bad, bad]);
    const out = await runTurn(conv, h.deps);
    expect(h.agentCalls).toHaveLength(3);
    expect(out.status).toBe('handoff');
    expect(h.handoffs[0]).toMatchObject({ reason: 'validation_failed:invented_value', draft: 'O plantão paga R$ 9.999,00' });
    expect(h.sent).toEqual([]);
  });

  it('waits for a model that is down: nothing sent, messages left pending, the turn re-armed; then answers', async () => {
    const conv = await inbound(db, '5511911110016', ['oi']);
    const down = agentReply('', { bubbles: [], handoff: { reason: 'llm_unavailable', error: '529', retryable: true } });
    const h = harness(db, [down, agentReply('Oi! Tudo bem?')]);
    const out = await runTurn(conv, h.deps);
    expect(out).toMatchObject({ status: 'deferred', retryInMs: 5_000 });
    expect(h.sent).toEqual([]);
    expect(h.handoffs).toEqual([]);
    expect((await one<{ n: number }>(`select count(*)::int n from inbound_handled where conversation_id = $1`, [conv])).n).toBe(0);
    expect((await runTurn(conv, h.deps)).status).toBe('replied');
    expect(h.sent.map((s) => s.text)).toEqual(['Oi! Tudo bem?']);
    expect((await one<{ n: number }>(`select count(*)::int n from model_outages where conversation_id = $1`, [conv])).n).toBe(0);
  });

  it('without an API key hands off at once with a line to the doctor, for a person to keep', async () => {
    const conv = await inbound(db, '5511911110018', ['oi']);
    const h = harness(db, [agentReply('', { bubbles: [], handoff: { reason: 'llm_unavailable', error: 'ANTHROPIC_API_KEY is not set', retryable: false } })]);
    const out = await runTurn(conv, h.deps);
    expect(out.status).toBe('handoff');
    expect(h.sent.map((s) => s.text)).toEqual(REPLIES.handoffMessages);
    expect(h.sent[0]!.ctx).toMatchObject({ handoffNotice: true });
    expect(h.handoffs[0]).toMatchObject({ reason: 'llm_unavailable' });
    expect((await one<{ n: number }>(`select count(*)::int n from model_outages where conversation_id = $1`, [conv])).n).toBe(0);
    expect((await one<{ controlled_by: string }>(`select controlled_by from conversations where id = $1`, [conv])).controlled_by).toBe('human');
  });

  it('spaces bubbles with humanized delays when enabled', async () => {
    const conv = await inbound(db, '5511911110017', ['oi, tudo bem?']);
    const h = harness(db, [agentReply('Oi! Tudo ótimo\n\nE com vc?')]);
    await runTurn(conv, { ...h.deps, humanizedDelay: true });
    const delays = h.sent.map((s) => s.delayMs!);
    expect(delays[0]).toBeGreaterThanOrEqual(1_500);
    expect(delays[1]).toBeGreaterThan(delays[0]!);
    expect(delays[1]).toBeLessThanOrEqual(24_000);
  });
});
