import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolCallRecord } from '../../../src/agent/index.js';
import { runTurn } from '../../../src/pipeline/index.js';
import { recordOptOut } from '../../../src/policy/index.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { agentReply, harness, inbound, REPLIES } from './pipeline-harness.js';

const optOutCall = (changed: boolean): ToolCallRecord => ({ name: 'registrar_opt_out', input: { trecho: 'x' }, isError: false, result: { registrado: true, ja_estava_registrado: !changed } });
const handoffCall = (motivo: string): ToolCallRecord => ({ name: 'pedir_humano', input: { motivo }, isError: false, result: { transferencia_pedida: true, motivo } });

/**
 * How a turn ends once the model's tools decided it: the same texts and paths
 * as the opt-out and hand-off steps, whatever the model wrote or failed to write.
 */
describe('a turn decided by registrar_opt_out or pedir_humano', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb({ seed: true });
  });
  afterAll(() => db.close());
  const controlOf = async (conv: string) => (await db.query<{ c: string }>(`select controlled_by c from conversations where id = '${conv}'`))[0]!.c;

  it('a recorded stop sends the fixed confirmation even when the model then returned nothing', async () => {
    const conv = await inbound(db, '5511911990001', ['hmm']);
    // An empty reply would be a hand-off (empty_reply) without the stop.
    const h = harness(db, [agentReply('', { bubbles: [], toolCalls: [optOutCall(true)], handoff: { reason: 'empty_reply' } })]);
    const out = await runTurn(conv, h.deps);
    expect(out.stoppedBy).toEqual({ processor: 'agent', reason: 'opt_out' });
    expect(h.sent.map((s) => s.text)).toEqual(REPLIES.optOutConfirmation);
    expect(h.handoffs).toEqual([]);
    expect(await controlOf(conv)).toBe('julia');
    // One agent call: no regeneration of our own text.
    expect(h.agentCalls).toHaveLength(1);
  });

  it('a doctor already opted out before the turn gets nothing, as from the opt-out step', async () => {
    const conv = await inbound(db, '5511911990002', ['oi']);
    const doctor = (await db.query<{ doctor_id: string }>(`select doctor_id from conversations where id = '${conv}'`))[0]!.doctor_id;
    await recordOptOut(db, doctor, 'rules');
    const h = harness(db, [agentReply('Que pena, mas tenho vaga boa sábado', { toolCalls: [optOutCall(false)] })]);
    const out = await runTurn(conv, h.deps);
    expect(out.stoppedBy).toEqual({ processor: 'agent', reason: 'already_opted_out' });
    expect(h.sent).toEqual([]);
  });

  it('pedir_humano: the fixed hand-off line, then human control and the notice, with the model\'s draft for the person', async () => {
    const conv = await inbound(db, '5511911990003', ['sim']);
    const h = harness(db, [agentReply('Claro, vou te passar pra Fernanda', { toolCalls: [handoffCall('pagamento')] })]);
    const out = await runTurn(conv, h.deps);
    expect(out.status).toBe('handoff');
    expect(h.sent.map((s) => s.text)).toEqual(REPLIES.handoffMessages);
    expect(h.sent[0]!.ctx).toMatchObject({ handoffNotice: true });
    expect(h.handoffs).toEqual([{ doctorId: expect.any(String), conversationId: conv, reason: 'payment_dispute', draft: 'Claro, vou te passar pra Fernanda' }]);
    expect(await controlOf(conv)).toBe('human');
  });

  it('a stop outranks a hand-off in the same turn; a failed tool call decides nothing', async () => {
    const conv = await inbound(db, '5511911990004', ['chega']);
    const h = harness(db, [agentReply('ok', { toolCalls: [handoffCall('pediu_pessoa'), optOutCall(true)] })]);
    await runTurn(conv, h.deps);
    expect(h.sent.map((s) => s.text)).toEqual(REPLIES.optOutConfirmation);
    expect(h.handoffs).toEqual([]);
    expect(await controlOf(conv)).toBe('julia');

    const other = await inbound(db, '5511911990005', ['oi']);
    const failed = harness(db, [agentReply('Oi! Tudo bem?', { toolCalls: [{ ...handoffCall('pediu_pessoa'), isError: true }] })]);
    await runTurn(other, failed.deps);
    expect(failed.sent.map((s) => s.text)).toEqual(['Oi! Tudo bem?']);
    expect(failed.handoffs).toEqual([]);
  });
});
