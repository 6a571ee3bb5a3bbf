import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JULIA_TOOLS, runAgentTurn, runToolCall } from '../../../src/agent/index.js';
import { createHarness, query, seededDoctor, type DoctorRow, type Harness } from './harness.js';

let h: Harness;
let doctor: DoctorRow;
let conversationId: string;

// 23:30 in São Paulo on 31 January is already 02:30 UTC on 1 February:
// "amanhã" computed in UTC would be 2 February.
const JAN_31_2330_SP = '2026-02-01T02:30:00Z';

beforeAll(async () => {
  h = await createHarness({ now: JAN_31_2330_SP });
  ({ doctor, conversationId } = await seededDoctor(h.db));
});
afterAll(() => h.close());
beforeEach(() => {
  h.fake.reset();
  h.outbound.jobs.length = 0;
  h.clock.set(JAN_31_2330_SP);
});

describe('agendar_lembrete', () => {
  it('"amanhã às 10h" at 23:30 on 31/01 is 10:00 São Paulo on 01/02, queued as a REMINDER at that time', async () => {
    h.fake.push(
      { toolUse: { name: 'agendar_lembrete', input: { data_hora: '2026-02-01T10:00', contexto: 'pediu pra falar amanhã cedo', mensagem_retorno: 'oi dra! como combinado, tô passando aqui' } } },
      { text: 'combinado, te chamo amanhã às 10h' },
    );
    const r = await runAgentTurn(h.deps, { doctorId: doctor.id, conversationId, history: [{ role: 'doctor', text: 'me chama amanhã às 10h' }] });

    // The model was told today's and tomorrow's São Paulo dates, not UTC's.
    const context = (h.fake.calls()[0]!.system as Array<{ text: string }>).at(-1)!.text;
    expect(context).toContain('Agora em São Paulo: sábado 2026-01-31 23:30.');
    expect(context).toContain('hoje = sábado 2026-01-31; amanhã = domingo 2026-02-01;');

    expect(r.toolCalls).toMatchObject([{ name: 'agendar_lembrete', isError: false, result: { agendado: true, quando: 'dom 01/02 às 10:00' } }]);
    const rows = await query<{ id: string; remind_at: Date; doctor_id: string; message: string }>(h.db, 'select * from reminders where conversation_id = $1', [conversationId]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.remind_at.toISOString()).toBe('2026-02-01T13:00:00.000Z');
    expect(rows[0]!.doctor_id).toBe(doctor.id);
    expect(h.outbound.jobs).toEqual([
      {
        ctx: { method: 'REMINDER', doctorId: doctor.id, conversationId, reminderId: rows[0]!.id, actor: 'julia' },
        text: 'oi dra! como combinado, tô passando aqui',
        opts: { delayMs: 10.5 * 3600_000, idempotencyKey: `reminder-${rows[0]!.id}` },
      },
    ]);
  });

  it('the same conversation and time is one reminder; enqueuing again reuses the key', async () => {
    const ctx = { doctorId: doctor.id, conversationId, deps: h.deps };
    const again = await runToolCall(JULIA_TOOLS, 'agendar_lembrete', { data_hora: '2026-02-01T10:00', contexto: 'de novo' }, ctx);
    expect(again).toMatchObject({ isError: false, result: { agendado: true, duplicado: true } });
    const rows = await query<{ id: string }>(h.db, 'select id from reminders where conversation_id = $1', [conversationId]);
    expect(rows).toHaveLength(1);
    expect(h.outbound.jobs.map((j) => j.opts.idempotencyKey)).toEqual([`reminder-${rows[0]!.id}`]);
  });

  it('crosses a year boundary too: 31/12 23:30 → 01/01 10:00 São Paulo', async () => {
    h.clock.set('2027-01-01T02:30:00Z');
    const r = await runToolCall(JULIA_TOOLS, 'agendar_lembrete', { data_hora: '2027-01-01T10:00', contexto: 'ano novo' }, { doctorId: doctor.id, conversationId, deps: h.deps });
    expect(r.isError).toBe(false);
    const [row] = await query<{ remind_at: Date }>(h.db, "select remind_at from reminders where context = 'ano novo'");
    expect(row!.remind_at.toISOString()).toBe('2027-01-01T13:00:00.000Z');
    expect(h.outbound.jobs[0]!.opts.delayMs).toBe(10.5 * 3600_000);
  });

  it('rejects a past time, an impossible date and a malformed one, enqueuing nothing', async () => {
    const ctx = { doctorId: doctor.id, conversationId, deps: h.deps };
    const results = await Promise.all([
      runToolCall(JULIA_TOOLS, 'agendar_lembrete', { data_hora: '2026-01-31T10:00', contexto: 'hoje cedo' }, ctx),
      runToolCall(JULIA_TOOLS, 'agendar_lembrete', { data_hora: '2026-02-30T10:00', contexto: 'dia que não existe' }, ctx),
      runToolCall(JULIA_TOOLS, 'agendar_lembrete', { data_hora: 'amanhã 10h', contexto: 'texto livre' }, ctx),
    ]);
    expect(results.map((r) => [r.isError, (r.result as { erro: string }).erro])).toEqual([
      [true, 'horario_no_passado'], [true, 'data_invalida'], [true, 'entrada_invalida'],
    ]);
    expect(h.outbound.jobs).toEqual([]);
  });
});
