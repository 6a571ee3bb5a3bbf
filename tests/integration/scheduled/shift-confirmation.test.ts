import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { confirmarPlantao, JULIA_TOOLS, runToolCall, type ToolDeps } from '../../../src/agent/index.js';
import { shiftConfirmationsHandler } from '../../../workers/shift-confirmations.js';
import { createScheduledHarness, doctorWithConversation, rows, shift, type ScheduledHarness } from './harness.js';

let h: ScheduledHarness;
let run: () => Promise<{ asked: number; reminded: number; escalated: number }>;
let toolDeps: ToolDeps;

beforeAll(async () => {
  h = await createScheduledHarness('2026-03-04T12:00:00Z');
  run = shiftConfirmationsHandler({ db: h.db, outbound: h.outbound, notices: h.notices, clock: h.clock, logger: h.logger }) as never;
  toolDeps = { db: h.db, clock: h.clock, logger: h.logger, outbound: h.outbound } as unknown as ToolDeps;
});
afterAll(() => h.close());
beforeEach(() => {
  h.outbound.jobs.length = 0;
  h.notices.posts.length = 0;
});

/** The hourly run at a São Paulo wall-clock hour (UTC-3). */
const at = (iso: string) => h.clock.set(iso);
const statusOf = async (id: string) => (await rows<{ status: string }>(h, 'select status from shifts where id = $1', [id]))[0]!.status;

describe('shift confirmation (spec 5.5)', () => {
  it('an overnight shift ending at 07:00 is asked about that same morning, once, after the rest window', async () => {
    const d = await doctorWithConversation(h, 'Larissa Souza');
    // Wednesday 04/03 19:00 → Thursday 05/03 07:00, São Paulo.
    const id = await shift(h, '2026-03-04T22:00:00Z', '2026-03-05T10:00:00Z', { reservedBy: d.id, period: 'noturno' });

    at('2026-03-05T09:00:00Z'); // 06:00: not over yet
    await run();
    expect(await statusOf(id)).toBe('reserved');

    at('2026-03-05T10:00:00Z'); // 07:00: over → pending confirmation, but let her rest
    await run();
    expect(await statusOf(id)).toBe('pending_confirmation');
    expect(await rows(h, `select event_type from business_events where shift_id = $1`, [id])).toEqual([{ event_type: 'shift_confirmation_due' }]);
    for (const hour of ['11', '12', '13']) {
      at(`2026-03-05T${hour}:00:00Z`); // 08:00, 09:00, 10:00
      await run();
    }
    expect(h.outbound.jobs).toEqual([]);

    at('2026-03-05T14:00:00Z'); // 11:00 the same morning
    expect(await run()).toEqual({ asked: 1, reminded: 0, escalated: 0 });
    expect(h.outbound.jobs).toHaveLength(1);
    const ask = h.outbound.jobs[0]!;
    expect(ask.ctx).toEqual({ method: 'FOLLOWUP', doctorId: d.id, conversationId: d.conversationId, actor: 'julia' });
    expect(ask.text).toBe('Oi, Larissa! Como foi o noturno de quarta 04/03 no Hospital de Mauá? Deu tudo certo por lá?');
    expect(ask.opts.idempotencyKey).toBe(`shift-confirm-${id}-ask`);

    at('2026-03-05T15:00:00Z');
    await run();
    expect(h.outbound.jobs).toHaveLength(1);

    // She answers: the shift is completed, with its event, once.
    const answer = await runToolCall(JULIA_TOOLS, 'confirmar_plantao', { realizado: true, observacao: 'saiu 8h, colega atrasou' }, { doctorId: d.id, conversationId: d.conversationId, deps: toolDeps });
    expect(answer).toMatchObject({ isError: false, result: { registrado: true, situacao: 'realizado' } });
    expect(await statusOf(id)).toBe('completed');
    const again = await runToolCall(JULIA_TOOLS, 'confirmar_plantao', { realizado: true }, { doctorId: d.id, conversationId: d.conversationId, deps: toolDeps });
    expect(again).toMatchObject({ isError: true, result: { erro: 'nenhum_plantao_pendente' } });
    expect(await rows(h, `select event_type from business_events where shift_id = $1 order by id`, [id])).toEqual([
      { event_type: 'shift_confirmation_due' },
      { event_type: 'shift_completed' },
    ]);

    // Answered: no reminder, no escalation.
    at('2026-03-08T14:00:00Z');
    await run();
    expect(h.outbound.jobs).toHaveLength(1);
    expect(h.notices.posts).toEqual([]);
  });

  it('a doctor who says it did not happen: not_completed and shift_not_completed', async () => {
    const d = await doctorWithConversation(h, 'Paulo Lima');
    const id = await shift(h, '2026-03-10T10:00:00Z', '2026-03-10T22:00:00Z', { reservedBy: d.id, period: 'diurno' });
    at('2026-03-11T02:00:00Z');
    await run();
    const r = await confirmarPlantao.execute(
      { realizado: false, data_plantao: '2026-03-10', observacao: 'hospital dispensou na chegada' },
      { doctorId: d.id, conversationId: d.conversationId, deps: toolDeps },
    );
    expect(r).toMatchObject({ situacao: 'nao_realizado' });
    expect(await statusOf(id)).toBe('not_completed');
    expect(await rows(h, `select event_type from business_events where shift_id = $1 and event_type like 'shift_%completed'`, [id])).toEqual([
      { event_type: 'shift_not_completed' },
    ]);
  });

  it('a silent doctor is reminded once the next day and escalated to the managers once after 48 h', async () => {
    const d = await doctorWithConversation(h, 'Ana Reis');
    const id = await shift(h, '2026-03-16T10:00:00Z', '2026-03-16T22:00:00Z', { reservedBy: d.id, period: 'diurno' });
    at('2026-03-17T02:00:00Z'); // ended at 19:00, ask after 23:00
    await run();
    expect(h.outbound.jobs.map((j) => j.opts.idempotencyKey)).toEqual([`shift-confirm-${id}-ask`]);
    at('2026-03-17T20:00:00Z');
    await run();
    expect(h.outbound.jobs).toHaveLength(1);
    at('2026-03-18T02:00:00Z'); // 24 h later
    await run();
    expect(h.outbound.jobs.map((j) => j.opts.idempotencyKey)).toEqual([`shift-confirm-${id}-ask`, `shift-confirm-${id}-remind`]);
    expect(h.outbound.jobs[1]!.text).toContain('aconteceu certinho');
    expect(h.notices.posts).toEqual([]);
    at('2026-03-19T02:00:00Z'); // 48 h after the question
    await run();
    at('2026-03-19T03:00:00Z');
    await run();
    expect(h.notices.posts).toHaveLength(1);
    expect(h.notices.posts[0]).toContain('Hospital de Mauá');
    // No phone number in the notice. The shift's id is a random UUID whose last group can hold
    // ten digits in a row (a CI run drew ...-d8924578982c), so it is set aside before the check.
    const withoutIds = h.notices.posts[0]!.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>');
    expect(withoutIds).not.toMatch(/\d{10,}/);
    expect(h.outbound.jobs).toHaveLength(2);
  });
});
