import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAskManager, type AskManager } from '../../../src/ask-manager/index.js';
import { createSlackApi } from '../../../src/integrations/slack/index.js';
import { createOutboundEnqueuer, type OutboundEnqueuer } from '../../../src/outbound/index.js';
import { fixedClock, silentLogger } from '../../../src/shared/index.js';
import { startSlackFake, type SlackFake } from '../../fakes/index.js';
import { inboundFrom } from '../../helpers/evolution-fixture.js';
import { testJobSigner } from '../../helpers/job-signer.js';
import { recordingQueue } from '../../helpers/recording-queue.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

const MANAGERS = new Set(['UMANAGER1', 'UMANAGER2']);

describe('ask the manager: one answer, one message to the doctor', () => {
  let db: TestDb;
  let slack: SlackFake;
  const clock = fixedClock(new Date());
  let queue: ReturnType<typeof recordingQueue>;
  let outQueue: ReturnType<typeof recordingQueue>;
  let notices: string[];
  let seq = 0;

  beforeAll(async () => {
    db = await createTestDb();
    slack = await startSlackFake();
  });
  afterAll(async () => {
    await slack.close();
    await db.close();
  });
  beforeEach(() => {
    slack.reset();
    queue = recordingQueue();
    outQueue = recordingQueue();
    notices = [];
    clock.set(new Date());
  });

  const asks = (outbound: OutboundEnqueuer = createOutboundEnqueuer(outQueue, testJobSigner)): AskManager =>
    createAskManager({
      db,
      clock,
      logger: silentLogger,
      queue,
      outbound,
      slack: createSlackApi({ token: slack.token, apiUrl: `${slack.url}/api/` }),
      channel: 'CGESTAO',
      timeoutMin: 30,
      isManager: (user) => MANAGERS.has(user),
      notices: { post: async (t) => void notices.push(t) },
    });

  async function asked(a: AskManager): Promise<{ id: string; conversationId: string; ts: string }> {
    seq++;
    const phone = `55119877${String(seq).padStart(5, '0')}`;
    const r = await db.rpc<{ conversationId: string; doctorId: string }>('inbound_persist', {
      p_message: inboundFrom('text-conversation', { id: `ASK-${seq}-${Date.now()}`, text: 'paga 2.200?', remoteJid: `${phone}@s.whatsapp.net` }),
    });
    const res = await a.ask({ doctorId: r.doctorId, conversationId: r.conversationId, question: 'Pede R$ 2.200 no plantão; aprovamos?' });
    expect(res.status).toBe('created');
    expect(await a.post(res.id!)).toBe('posted');
    const post = slack.posted().at(-1)!;
    // The doctor by name and masked phone: never the full number.
    expect(JSON.stringify(post)).not.toContain(phone);
    expect(post.text).toContain('Pede R$ 2.200');
    return { id: res.id!, conversationId: r.conversationId, ts: post.ts };
  }

  const sendsFor = (id: string) => outQueue.jobs.filter((j) => j.payload.idempotencyKey === `ask-manager-${id}`);
  const outboundJobIds = (id: string) => new Set(sendsFor(id).map((j) => j.opts?.jobId));
  const events = async (id: string) =>
    (await db.pg.query<{ event_type: string }>(`select event_type from business_events where props->>'questionId' = $1 order by id`, [id])).rows.map((r) => r.event_type);

  it('a double click and a thread reply at once: one decision, one queued message, the others told it was answered', async () => {
    const a = asks();
    const q = await asked(a);
    const results = await Promise.all([
      a.handle({ kind: 'action', user: 'UMANAGER1', channel: 'CGESTAO', actionId: 'julia_ask_approve', value: q.id }),
      a.handle({ kind: 'action', user: 'UMANAGER1', channel: 'CGESTAO', actionId: 'julia_ask_approve', value: q.id }),
      a.handle({ kind: 'message', user: 'UMANAGER2', channel: 'CGESTAO', threadTs: q.ts, text: 'pode fechar em 2.100' }),
    ]);
    expect(results.filter((r) => r === 'ask_decided')).toHaveLength(1);
    expect(results.filter((r) => r === 'ask_already_decided')).toHaveLength(2);
    // One outbound job (one key), carrying the winner's outcome.
    expect(outboundJobIds(q.id).size).toBe(1);
    expect(await events(q.id)).toEqual(['manager_question_asked', 'manager_question_answered']);
    expect(slack.ephemerals().filter((e) => /já foi respondida/.test(e.text ?? ''))).toHaveLength(2);
  });

  it('a thread reply is relayed as the manager wrote it, by a COMMAND from that manager (opt-out still applies)', async () => {
    const a = asks();
    const q = await asked(a);
    expect(await a.handle({ kind: 'message', user: 'UMANAGER2', channel: 'CGESTAO', threadTs: q.ts, text: '<@U0JULIABOT> pode fechar em 2.100' })).toBe('ask_decided');
    const [job] = sendsFor(q.id);
    expect(job!.payload.ctx).toMatchObject({ method: 'COMMAND', actor: 'slack:UMANAGER2' });
    expect(job!.payload.ctx.bypassReason).toBeUndefined();
    expect(job!.payload.text).toContain('pode fechar em 2.100');
    // The Slack question now shows the outcome, without buttons.
    const shown = slack.posted().find((p) => p.ts === q.ts)!;
    expect(JSON.stringify(shown.blocks)).not.toContain('julia_ask_approve');
  });

  it('only managers answer: anyone else is refused and nothing is decided', async () => {
    const a = asks();
    const q = await asked(a);
    expect(await a.handle({ kind: 'action', user: 'UINTRUDER', channel: 'CGESTAO', actionId: 'julia_ask_refuse', value: q.id })).toBe('refused');
    expect(await a.handle({ kind: 'message', user: 'UINTRUDER', channel: 'CGESTAO', threadTs: q.ts, text: 'aprovado' })).toBe('refused');
    expect(sendsFor(q.id)).toHaveLength(0);
    expect(await events(q.id)).toEqual(['manager_question_asked']);
    // A thread that is not a question is not ours to answer.
    expect(await a.handle({ kind: 'message', user: 'UMANAGER1', channel: 'CGESTAO', threadTs: '1.000', text: 'oi' })).toBeUndefined();
  });

  it('the process dies between the answer and the send: the sweep sends it, once', async () => {
    const dying: OutboundEnqueuer = {
      enqueueOutbound: async () => {
        throw new Error('process died');
      },
    };
    const q = await asked(asks(dying));
    await expect(asks(dying).handle({ kind: 'action', user: 'UMANAGER1', channel: 'CGESTAO', actionId: 'julia_ask_refuse', value: q.id })).rejects.toThrow('process died');
    expect(sendsFor(q.id)).toHaveLength(0);
    // The answer is recorded; a second click cannot make a second decision.
    expect(await asks().handle({ kind: 'action', user: 'UMANAGER2', channel: 'CGESTAO', actionId: 'julia_ask_approve', value: q.id })).toBe('ask_already_decided');
    const a = asks();
    expect((await a.sweep()).redelivered).toBeGreaterThanOrEqual(1);
    expect(sendsFor(q.id)).toHaveLength(1);
    expect(sendsFor(q.id)[0]!.payload.text).toMatch(/não vai dar/);
    await a.sweep();
    expect(sendsFor(q.id)).toHaveLength(1);
  });

  it('unanswered past the deadline: the doctor is told, the conversation handed off, the managers told, once', async () => {
    const a = asks();
    const q = await asked(a);
    clock.set(new Date(clock.now().getTime() + 29 * 60_000));
    expect((await a.sweep()).timedOut).toBe(0);
    clock.set(new Date(clock.now().getTime() + 2 * 60_000));
    // Two sweeps at once (two workers): the question times out once.
    await Promise.all([a.sweep(), a.sweep()]);
    const sends = sendsFor(q.id);
    expect(outboundJobIds(q.id).size).toBe(1);
    expect(sends[0]!.payload.ctx).toMatchObject({ method: 'FOLLOWUP', actor: 'julia', handoffNotice: true });
    expect(sends[0]!.payload.text).toMatch(/alguém da equipe/);
    const conv = await db.pg.query<{ controlled_by: string }>(`select controlled_by from conversations where id = $1`, [q.conversationId]);
    expect(conv.rows[0]!.controlled_by).toBe('human');
    // One notice per conversation handed off (earlier tests left questions open too).
    const handedOff = await db.pg.query<{ n: number }>(`select count(*)::int n from manager_questions where status = 'timed_out'`);
    expect(notices.filter((n) => n.includes('passou para a equipe'))).toHaveLength(handedOff.rows[0]!.n);
    // A late click changes nothing.
    expect(await a.handle({ kind: 'action', user: 'UMANAGER1', channel: 'CGESTAO', actionId: 'julia_ask_approve', value: q.id })).toBe('ask_already_decided');
    expect(await events(q.id)).toEqual(['manager_question_asked', 'manager_question_timed_out']);
  });

  it('one open question per conversation, even when asked twice at once', async () => {
    const a = asks();
    const r = await db.rpc<{ conversationId: string; doctorId: string }>('inbound_persist', {
      p_message: inboundFrom('text-conversation', { id: `ASK-TWICE-${Date.now()}`, remoteJid: '5511987799999@s.whatsapp.net' }),
    });
    const both = await Promise.all([1, 2].map(() => a.ask({ doctorId: r.doctorId, conversationId: r.conversationId, question: 'Pode trocar o plantão de sábado?' })));
    expect(both.map((b) => b.status).sort()).toEqual(['already_pending', 'created']);
    expect(both[0]!.id).toBe(both[1]!.id);
    // Another doctor's conversation cannot be asked about.
    const other = await db.rpc<{ conversationId: string; doctorId: string }>('inbound_persist', {
      p_message: inboundFrom('text-conversation', { id: `ASK-OTHER-${Date.now()}`, remoteJid: '5511987799998@s.whatsapp.net' }),
    });
    expect((await a.ask({ doctorId: other.doctorId, conversationId: r.conversationId, question: 'x'.repeat(10) })).status).toBe('forbidden');
  });
});
