import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundFrom } from '../../helpers/evolution-fixture.js';
import { waitFor } from '../../helpers/wait-for.js';
import { settle, startE2E, INSTANCE, type E2E } from '../../e2e/e2e-harness.js';
import { upsertSchedules } from '../../../workers/schedules.js';

/**
 * An inbound job is a doctor's message: it makes Júlia answer the number in it.
 * One written straight into Redis (the queue board, a neighbour on a shared
 * instance, an operator's script) must do nothing but fail, with its reason,
 * and be kept as a dead letter; the same message queued by the service works.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E({ anthropic: () => ({ text: 'Oi! Aqui é a Júlia, tudo bem? Me conta o que vc procura' }) });
});
afterAll(() => e?.close());

const inbound = () => e.app.queues.queues.inbound;
const groups = () => e.app.queues.queues.groups;
const message = (id: string, phone: string) => ({ ...inboundFrom('text-conversation', { id, remoteJid: `${phone}@s.whatsapp.net` }), fromMeAttempt: 0 });
const stored = async (id: string) => (await e.db.pg.query(`select 1 from interactions where provider_message_id = $1`, [id])).rows.length;

async function failedReason(queue: ReturnType<typeof inbound>, jobId: string) {
  await waitFor(async () => (await queue.getJob(jobId))?.failedReason !== undefined, { timeoutMs: 15_000, what: `job ${jobId} failed` });
  return (await queue.getJob(jobId))!.failedReason;
}

describe('inbound jobs are signed', () => {
  it('an unsigned inbound job added straight to BullMQ is refused once: nothing stored, no model call, nothing sent, a dead letter and a notice', async () => {
    const calls = e.anthropic.calls().length;
    const job = await inbound().add('inbound', message('FORGED-IN-1', '5511970008801'), { jobId: 'forged-in-1', attempts: 5 });
    expect(await failedReason(inbound(), job.id!)).toMatch(/inbound job refused: missing or invalid signature/);
    expect((await inbound().getJob(job.id!))!.attemptsMade).toBe(1);
    await settle(1_500);
    expect(await stored('FORGED-IN-1')).toBe(0);
    expect(e.anthropic.calls().length).toBe(calls);
    expect(e.evolution.sentTexts()).toEqual([]);
    const dead = await e.db.rpc<Array<{ source: string; reason: string; body: string }>>('dead_letter_list', { p_limit: 10 });
    const row = dead.find((d) => d.source === 'queue-inbound');
    expect(row?.reason).toMatch(/missing or invalid signature/);
    // The dead letter is masked like any other: the forged number is not kept whole.
    expect(row?.body).not.toContain('5511970008801');
    await waitFor(() => e.slack.posted().some((p) => /Job recusado: inbound sem assinatura válida/.test(p.text ?? '')), { timeoutMs: 10_000, what: 'managers told' });
  });

  it('a signed job whose number was edited in Redis is refused; the service\'s own job is answered', async () => {
    const genuine = message('SIGNED-IN-1', '5511970008802');
    // A delayed copy, so the test can read what the service stored before it runs.
    const { jobId } = await e.app.queues.enqueue('inbound', genuine, { jobId: 'signed-in-probe', delayMs: 60_000 });
    const data = (await inbound().getJob(jobId))!.data as Record<string, unknown>;
    expect(data.sig).toMatch(/^[0-9a-f]{64}$/);
    const forged = { ...data, providerMessageId: 'FORGED-IN-2', phone: '5511970008803', chatJid: '5511970008803@s.whatsapp.net' };
    const job = await inbound().add('inbound', forged, { jobId: 'forged-in-2' });
    expect(await failedReason(inbound(), job.id!)).toMatch(/missing or invalid signature/);
    await (await inbound().getJob(jobId))!.remove();

    await e.app.queues.enqueue('inbound', genuine, { jobId: 'signed-in-1' });
    await waitFor(() => e.evolution.sentTexts().some((s) => s.number.includes('5511970008802')), { timeoutMs: 20_000, what: 'reply to the genuine message' });
    expect(await stored('FORGED-IN-2')).toBe(0);
    expect(e.evolution.sentTexts().filter((s) => s.number.includes('5511970008803'))).toEqual([]);
  });

  it('an unsigned group-ingest job is refused before anything is stored', async () => {
    const post = { ...inboundFrom('group', { id: 'FORGED-GRP-1', text: 'Plantão CM Hospital Santa Clara amanhã 19h R$ 9.500' }) };
    const job = await groups().add('group-ingest', post, { jobId: 'forged-grp-1' });
    expect(await failedReason(groups(), job.id!)).toMatch(/group-ingest job refused: missing or invalid signature/);
    expect((await e.db.pg.query(`select 1 from group_messages where provider_message_id = 'FORGED-GRP-1'`)).rows).toEqual([]);
  });

  it('delivery statuses and catch-up runs are signed too; a scheduled catch-up carries its signature from the template', async () => {
    const status = await inbound().add('evolution-status', { instance: INSTANCE, updates: [{ id: 'X', status: 'READ' }] }, { jobId: 'forged-status-1' });
    expect(await failedReason(inbound(), status.id!)).toMatch(/evolution-status job refused/);
    const scheduled = e.app.queues.queues.scheduled;
    const run = await scheduled.add('evolution-catchup', { instance: INSTANCE, reason: 'continue', from: '2020-01-01T00:00:00.000Z' }, { jobId: 'forged-catchup-1' });
    expect(await failedReason(scheduled, run.id!)).toMatch(/evolution-catchup job refused/);

    await upsertSchedules(e.app.queues, [{ id: 'signed-catchup-probe', queue: 'scheduled', jobName: 'evolution-catchup', every: 3_600_000, payload: { instance: INSTANCE, reason: 'schedule' } }]);
    const next = await waitFor(async () => (await scheduled.getJobs(['delayed', 'waiting', 'active', 'completed'])).find((j) => j.name === 'evolution-catchup' && j.id !== run.id),
      { timeoutMs: 10_000, what: 'the scheduler\'s job' });
    const { sig, ...rest } = next!.data as Record<string, unknown>;
    expect(e.app.deps.jobSigner.verify(rest, sig)).toBe(true);
    await scheduled.removeJobScheduler('signed-catchup-probe');
  });
});
