import type { Db } from '../db/index.js';
import type { SlackApi, SlackNotifier } from '../integrations/slack/index.js';
import { replyContext, type OutboundContext, type OutboundEnqueuer } from '../outbound/index.js';
import { REPLY_PROOF_WINDOW_MS } from '../policy/index.js';
import { errorMessage, type Clock, type JobQueue, type Logger } from '../shared/index.js';
import { outcomeText } from './outcome-text.js';
import { ASK_APPROVE_ACTION, decidedQuestionBlocks, isAskAction, questionBlocks, questionText, type QuestionView } from './question-blocks.js';

export interface AskManagerDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  queue: JobQueue;
  outbound: OutboundEnqueuer;
  slack: SlackApi;
  /** The managers' channel (SLACK_ALERTS_CHANNEL). */
  channel: string;
  timeoutMin: number;
  /** Only these answer (SLACK_MANAGER_IDS, src/slack/manager-access.ts). */
  isManager(user: string, channel: string): boolean;
  notices: SlackNotifier;
  /** A private note in the doctor's Chatwoot conversation (absent without Chatwoot). */
  note?(n: { conversationId: string; key: string; text: string }): Promise<void>;
}

export type AskWork =
  | { kind: 'action'; user: string; channel: string; actionId: string; value: string }
  | { kind: 'message'; user: string; channel: string; threadTs: string; text: string };

export interface AskManager {
  /** consultar_gestor: records the question and queues its Slack post. */
  ask(q: { doctorId: string; conversationId: string; question: string; shiftRef?: string }): Promise<{ status: 'created' | 'already_pending' | 'forbidden'; id?: string }>;
  /** The `ask-manager-post` job: posts the question once. */
  post(id: string): Promise<string>;
  /** A Slack button or thread reply; undefined when the work is not about a question. */
  handle(work: AskWork): Promise<string | undefined>;
  /** The `ask-manager-sweep` job: timeouts, and answers whose message never reached the queue. */
  sweep(): Promise<{ timedOut: number; redelivered: number }>;
}

/**
 * Júlia's own line on a timeout answers the doctor's last message while that is
 * within the reply window (a REPLY with its proof); later it is a FOLLOWUP, paced
 * like any of her proactive messages (business hours, R2, R3).
 */
function timeoutContext(q: QuestionView, now: Date): OutboundContext {
  const last = q.lastInbound;
  if (last && now.getTime() - new Date(last.sentAt).getTime() < REPLY_PROOF_WINDOW_MS - 60_000) {
    return replyContext({ doctorId: q.doctorId, conversationId: q.conversationId, inboundInteractionId: last.id, lastInboundAt: last.sentAt, instance: last.instance, handoffNotice: true });
  }
  return { method: 'FOLLOWUP', doctorId: q.doctorId, conversationId: q.conversationId, actor: 'julia', handoffNotice: true };
}

const view = (db: Db, id: string) => db.rpc<QuestionView | null>('manager_question_view', { p_id: id });

export function createAskManager(deps: AskManagerDeps): AskManager {
  const { db } = deps;

  /**
   * The outcome's one message to the doctor: a durable outbound job whose key is the
   * question, so the answer arriving twice, or this running again after a crash, sends
   * once. Opt-out and the other guardrails apply at send time, as for any message.
   */
  async function deliver(id: string): Promise<void> {
    const q = await view(db, id);
    if (!q || q.status === 'pending') return;
    const timedOut = q.status === 'timed_out';
    const ctx: OutboundContext = timedOut ? timeoutContext(q, deps.clock.now()) : { method: 'COMMAND', doctorId: q.doctorId, conversationId: q.conversationId, actor: q.answeredBy ?? 'slack:unknown' };
    await deps.outbound.enqueueOutbound(ctx, outcomeText(q), { idempotencyKey: `ask-manager-${q.id}` });
    if (timedOut) {
      // After the line is queued, as every hand-off: from here on a person answers.
      const res = await db.rpc<{ changed: boolean }>('conversation_set_control', { p_conversation_id: q.conversationId, p_controlled_by: 'human', p_reason: 'ask_manager_timeout', p_actor: 'julia' });
      if (res.changed) await deps.notices.post(`Sem resposta da gestão em ${deps.timeoutMin} min: a conversa com ${q.doctorName ?? 'o médico'} passou para a equipe.`);
    }
    await db.rpc('manager_question_delivery_enqueued', { p_id: q.id, p_now: deps.clock.now() });
    await deps.note?.({ conversationId: q.conversationId, key: `ask-manager-outcome-${q.id}`, text: `Júlia: resposta da gestão à pergunta "${q.question}": ${timedOut ? 'sem resposta no prazo; conversa passada para a equipe' : outcomeText(q)}` }).catch(() => undefined);
    if (q.slackChannel && q.slackTs) {
      await deps.slack.update({ channel: q.slackChannel, ts: q.slackTs, text: questionText(q, deps.timeoutMin), blocks: decidedQuestionBlocks(q) }).catch((err: unknown) => deps.logger.warn({ err: errorMessage(err) }, 'ask-manager: could not update the question in Slack'));
    }
  }

  async function decide(a: { id?: string; channel?: string; threadTs?: string; decision: string; answer?: string; actor: string; via: 'button' | 'thread' | 'timeout' }) {
    const res = await db.rpc<{ status: 'decided' | 'already_decided' | 'unknown' | 'not_due'; id?: string }>('manager_question_answer', {
      p_id: a.id ?? null,
      p_channel: a.channel ?? null,
      p_thread_ts: a.threadTs ?? null,
      p_decision: a.decision,
      p_answer: a.answer ?? null,
      p_actor: a.actor,
      p_via: a.via,
      p_now: deps.clock.now(),
    });
    if (res.status === 'decided' && res.id) await deliver(res.id);
    return res;
  }

  return {
    async ask(q) {
      const res = await db.rpc<{ status: 'created' | 'already_pending' | 'forbidden'; id?: string }>('manager_question_create', {
        p_conversation_id: q.conversationId,
        p_doctor_id: q.doctorId,
        p_question: q.question,
        p_shift_ref: q.shiftRef ?? null,
        p_deadline_at: new Date(deps.clock.now().getTime() + deps.timeoutMin * 60_000),
        p_now: deps.clock.now(),
      });
      // Queued again for a pending one too: the job id is the question, so it posts once.
      if (res.id) await deps.queue.enqueue('ask-manager-post', { questionId: res.id }, { jobId: `ask-post-${res.id}` });
      return res;
    },
    async post(id) {
      const q = await view(db, id);
      if (!q || q.slackTs) return 'already_posted';
      if (q.status !== 'pending') return 'decided';
      const posted = await deps.slack.postMessage({ channel: deps.channel, text: questionText(q, deps.timeoutMin), blocks: questionBlocks(q, deps.timeoutMin) });
      await db.rpc('manager_question_posted', { p_id: id, p_channel: deps.channel, p_ts: posted.ts });
      return 'posted';
    },
    async handle(work) {
      if (work.kind === 'action' && !isAskAction(work.actionId)) return undefined;
      if (work.kind === 'message') {
        const known = await db.rpc<{ id: string } | null>('manager_question_of_thread', { p_channel: work.channel, p_thread_ts: work.threadTs });
        if (!known) return undefined;
      }
      // Checked here too: the list may have changed since the webhook queued the work.
      if (!deps.isManager(work.user, work.channel)) {
        await deps.slack.postEphemeral({ channel: work.channel, user: work.user, text: 'Só gestores autorizados podem responder às perguntas da Júlia.' }).catch(() => undefined);
        return 'refused';
      }
      const actor = `slack:${work.user}`;
      const res =
        work.kind === 'action'
          ? await decide({ id: work.value, decision: work.actionId === ASK_APPROVE_ACTION ? 'approved' : 'refused', actor, via: 'button' })
          : await decide({ channel: work.channel, threadTs: work.threadTs, decision: 'answered', answer: work.text.replace(/<@[A-Z0-9]+>/g, '').trim(), actor, via: 'thread' });
      if (res.status === 'already_decided') {
        await deps.slack.postEphemeral({ channel: work.channel, user: work.user, text: 'Essa pergunta já foi respondida; o médico recebeu só a primeira resposta.' }).catch(() => undefined);
      }
      return `ask_${res.status}`;
    },
    async sweep() {
      const due = await db.rpc<{ timedOut: string[]; undelivered: string[] }>('manager_questions_due', { p_now: deps.clock.now() });
      let timedOut = 0;
      for (const id of due.timedOut) {
        if ((await decide({ id, decision: 'timed_out', actor: 'julia', via: 'timeout' })).status === 'decided') timedOut++;
      }
      for (const id of due.undelivered) await deliver(id);
      return { timedOut, redelivered: due.undelivered.length };
    },
  };
}
