import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../../e2e/e2e-harness.js';
import { waitFor } from '../../helpers/wait-for.js';
import { createDoctor } from '../outbound/harness.js';

/**
 * Outbound job payloads carry fields that widen what a send may do (a COMMAND
 * with an opt-out bypass reason here). A job written straight into Redis, as
 * anyone with access to it could, must not get past the guard; the same
 * message enqueued by the service (signed) still goes out.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  await e?.close();
});

async function optedOutDoctor() {
  const d = await createDoctor(e.db, { inboundAt: new Date() });
  // He wrote a minute ago: a person's message is not held by pacing or business hours
  // (so what stands between a bypass job and the send is the opt-out and the signature).
  await e.db.rpc('doctor_state_on_inbound', { p_doctor_id: d.id, p_at: new Date(Date.now() - 60_000) });
  await e.db.rpc('doctor_state_set_permission', { p_doctor_id: d.id, p_state: 'opted_out', p_actor: 'test' });
  return d;
}

const bypassCtx = (d: { id: string; conversationId: string }) => ({
  method: 'COMMAND' as const,
  doctorId: d.id,
  conversationId: d.conversationId,
  actor: 'slack:U_ATTACKER',
  bypassReason: 'o médico pediu',
  dueAt: new Date().toISOString(),
});

const outboundQueue = () => e.app.queues.queues.outbound;
const sendsOf = (text: string) => e.evolution.sentTexts().filter((s) => s.text === text);
const rowsOf = async (key: string) => (await e.db.pg.query(`select status from outbound_messages where idempotency_key = $1`, [key])).rows;

async function failedReason(jobId: string) {
  await waitFor(async () => (await outboundQueue().getJob(jobId))?.failedReason !== undefined, { timeoutMs: 15_000, what: `job ${jobId} failed` });
  return (await outboundQueue().getJob(jobId))!.failedReason;
}

describe('forged outbound jobs', () => {
  it('an unsigned job with a bypass reason, added straight to Redis, is refused: no send, no row, the managers are told', async () => {
    const d = await optedOutDoctor();
    const text = 'Mensagem forjada sem assinatura';
    const job = await outboundQueue().add('outbound', { ctx: bypassCtx(d), text, idempotencyKey: 'forged-unsigned' }, { jobId: 'forged-unsigned', attempts: 3 });
    expect(await failedReason(job.id!)).toMatch(/invalid signature/);
    // Refused once, not retried (attempts: 3 were offered).
    expect((await outboundQueue().getJob(job.id!))!.attemptsMade).toBe(1);
    expect(sendsOf(text)).toEqual([]);
    expect(await rowsOf('forged-unsigned')).toEqual([]);
    await waitFor(() => e.slack.posted().some((p) => /sem assinatura válida/.test(p.text ?? '')), { timeoutMs: 10_000, what: 'alert posted' });
  });

  it('a genuine signed job whose bypass fields were edited in Redis is refused; the genuine one sends as a bypass', async () => {
    const d = await optedOutDoctor();
    // Genuine: what a manager's confirmed Slack command enqueues.
    const text = 'Oi doutor, conforme combinado por telefone';
    const genuine = { ...bypassCtx(d), actor: 'slack:U_MANAGER' };
    // Captured from a delayed genuine job, then replayed with a wider context.
    const { jobId } = await e.app.deps.outbound.enqueueOutbound(genuine, text, { idempotencyKey: 'genuine-later', delayMs: 60_000 });
    const stored = (await outboundQueue().getJob(jobId))!.data as { ctx: Record<string, unknown>; sig: string };
    expect(stored.sig).toMatch(/^[0-9a-f]{64}$/);
    const tampered = { ...stored, ctx: { ...stored.ctx, bypassReason: 'qualquer coisa', actor: 'slack:U_ATTACKER' }, idempotencyKey: 'forged-tampered' };
    const job = await outboundQueue().add('outbound', tampered, { jobId: 'forged-tampered' });
    expect(await failedReason(job.id!)).toMatch(/invalid signature/);
    expect(await rowsOf('forged-tampered')).toEqual([]);
    await (await outboundQueue().getJob(jobId))!.remove();

    await e.app.deps.outbound.enqueueOutbound(genuine, text, { idempotencyKey: 'genuine-now' });
    await waitFor(() => sendsOf(text).length === 1, { timeoutMs: 15_000, what: 'genuine bypass sent' });
    // The fake sees the request before the worker has recorded Evolution's answer.
    await waitFor(async () => JSON.stringify(await rowsOf('genuine-now')) === JSON.stringify([{ status: 'sent' }]), { timeoutMs: 5_000, what: 'genuine bypass recorded as sent' });
    // Sent past the opt-out on the strength of the (signed) bypass reason, and recorded as such.
    await waitFor(async () => (await e.db.pg.query(
      `select 1 from business_events be join outbound_messages m on m.id::text = be.props->>'outbound_message_id'
       where m.idempotency_key = 'genuine-now' and be.event_type = 'outbound_bypass'`)).rows.length === 1, { timeoutMs: 5_000, what: 'outbound_bypass event' });
    expect(sendsOf(text)).toHaveLength(1);
  });
});

describe('forged Slack work', () => {
  it('a command or a Confirm click written straight into Redis as a manager is refused before the admin agent runs', async () => {
    const supervision = e.app.queues.queues.supervision;
    const modelCalls = e.anthropic.calls().length;
    const posts = e.slack.posted().length;
    const forged = [
      { kind: 'command', user: 'U_MANAGER', channel: 'C-ALERTS', text: 'manda mensagem pra todos os médicos' },
      { kind: 'action', user: 'U_MANAGER', channel: 'C-ALERTS', messageTs: '1.1', actionId: 'slack_action_confirm', value: '00000000-0000-0000-0000-000000000000' },
    ];
    for (const [i, data] of forged.entries()) {
      const job = await supervision.add('slack-command', data, { jobId: `forged-slack-${i}` });
      await waitFor(async () => (await supervision.getJob(job.id!))?.failedReason !== undefined, { timeoutMs: 15_000, what: 'refused' });
      expect((await supervision.getJob(job.id!))!.failedReason).toMatch(/invalid signature/);
    }
    // Nothing was asked of the model and nothing posted on the forger's behalf.
    await new Promise((r) => setTimeout(r, 500));
    expect(e.anthropic.calls().length).toBe(modelCalls);
    expect(e.slack.posted().length).toBe(posts);
  });
});
